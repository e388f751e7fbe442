package io.railscope.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

@Execution(ExecutionMode.CONCURRENT)
class PagingTest {

    @Test
    void absentParametersTakeTheDefaultPage() {
        assertThat(Paging.of(null, "")).isEqualTo(new Paging(0, Paging.DEFAULT_LIMIT));
        assertThat(Paging.of("20", "5")).isEqualTo(new Paging(20, 5));
        assertThat(new Paging(20, 5).next(25)).isEqualTo(-1);
        assertThat(new Paging(20, 5).next(26)).isEqualTo(25);
    }

    @ParameterizedTest
    @CsvSource({
        "-1,10,offset",
        "0,0,limit",
        "0,10001,limit",
        "1e308,10,offset",
        "Infinity,10,offset",
        "0,NaN,limit",
        "0,99999999999999999999,limit"
    })
    void whatIsNoCountIsRefusedByName(String offset, String limit, String field) {
        assertThatThrownBy(() -> Paging.of(offset, limit))
                .isInstanceOfSatisfying(
                        InvalidParameterException.class,
                        e -> assertThat(e.field()).isEqualTo(field))
                .hasMessageContaining("whole number");
    }
}
