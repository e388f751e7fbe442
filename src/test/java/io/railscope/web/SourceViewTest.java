package io.railscope.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SourceViewTest {

    @Test
    void aSourceIsStaleWhateverItsErrorElseFailingWithOneElseOk() {
        assertThat(view(null, false).status()).hasToString("ok");
        assertThat(view("timeout", false).status()).hasToString("failing");
        assertThat(view("timeout", true).status()).hasToString("stale");
        assertThat(view(null, true).status()).hasToString("stale");
    }

    private static SourceView view(String error, boolean stale) {
        return new SourceView("nccl", "", "", 5, error, stale, null);
    }
}
