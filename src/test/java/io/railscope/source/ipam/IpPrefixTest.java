package io.railscope.source.ipam;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Addresses from clusters are read as literals, never looked up by name. */
@Execution(ExecutionMode.CONCURRENT)
class IpPrefixTest {

    @ParameterizedTest
    @ValueSource(strings = {"1.2.3.256", "a.b.c.d", "10.0.0", "localhost", "example", "1.2.3.4.5", ""})
    void whatIsNoAddressIsRefusedWithoutALookup(String text) {
        assertThatThrownBy(() -> IpPrefix.address(text))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not an IP address");
    }

    @Test
    void ipv4AndIpv6Literals() {
        assertThat(IpPrefix.address("10.0.0.1")).isEqualTo(BigInteger.valueOf(0x0A000001L));
        assertThat(IpPrefix.parse("fd00:10:96::/112").size()).isEqualTo(BigInteger.valueOf(65536));
        assertThat(IpPrefix.parse("192.168.2.225/28").network()).isEqualTo(IpPrefix.address("192.168.2.224"));
    }

    @Test
    void addressesArePrintedAsGoPrintsThem() {
        // whereabouts names pools after the range Go prints: the longest run of zero groups as "::"
        assertThat(IpPrefix.format(IpPrefix.address("2001:0:0:0:0:0:0:0"), false))
                .isEqualTo("2001::");
        assertThat(IpPrefix.format(IpPrefix.address("fd00:10:96:0:0:0:0:1"), false))
                .isEqualTo("fd00:10:96::1");
        assertThat(IpPrefix.format(IpPrefix.address("10.0.0.1"), true)).isEqualTo("10.0.0.1");
        assertThat(WhereaboutsNames.poolName("2001::1/116")).isEqualTo("2001---116");
    }
}
