package io.railscope.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.stream.Stream;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

@Execution(ExecutionMode.CONCURRENT)
class Ipv4CidrTest {

    static Stream<Arguments> headroom() {
        return Stream.of(
                // DOMAIN.md: 10.64.0.0/12 with per-node /26 blocks holds 16,384 blocks of 64 addresses.
                Arguments.of("10.64.0.0/12", 26, 16_384L, 64L),
                // Cilium's default pool and mask.
                Arguments.of("10.0.0.0/8", 24, 65_536L, 256L),
                // 10,000 nodes of /24 need a /10: it holds 16,384 blocks; a /11 holds only 8,192.
                Arguments.of("10.0.0.0/10", 24, 16_384L, 256L),
                Arguments.of("10.0.0.0/11", 24, 8_192L, 256L),
                // A block larger than the pool fits zero times.
                Arguments.of("10.0.0.0/24", 16, 0L, 65_536L));
    }

    @ParameterizedTest
    @MethodSource
    void headroom(String pool, int blockPrefix, long blocks, long addressesPerBlock) {
        Ipv4Cidr cidr = Ipv4Cidr.parse(pool);
        assertThat(cidr.blocks(blockPrefix)).isEqualTo(blocks);
        assertThat(new Ipv4Cidr(0, blockPrefix).size()).isEqualTo(addressesPerBlock);
    }

    @ParameterizedTest
    @MethodSource
    void blocksAreLaidOutInOrder(String pool, int blockPrefix, long index, String expected) {
        assertThat(Ipv4Cidr.parse(pool).block(blockPrefix, index)).hasToString(expected);
    }

    static Stream<Arguments> blocksAreLaidOutInOrder() {
        return Stream.of(
                Arguments.of("10.64.0.0/12", 26, 0L, "10.64.0.0/26"),
                Arguments.of("10.64.0.0/12", 26, 5L, "10.64.1.64/26"),
                Arguments.of("10.64.0.0/12", 26, 16_383L, "10.79.255.192/26"));
    }

    @ParameterizedTest
    @MethodSource
    void rejectsWhatIsNotAnIpv4Cidr(String text) {
        assertThatThrownBy(() -> Ipv4Cidr.parse(text)).isInstanceOf(IllegalArgumentException.class);
    }

    static Stream<String> rejectsWhatIsNotAnIpv4Cidr() {
        return Stream.of("10.0.0.0", "10.0.0/8", "10.0.0.256/8", "10.0.0.0/33", "fd00::/64");
    }

    @ParameterizedTest
    @MethodSource
    void normalisesHostBits(String text, String expected) {
        assertThat(Ipv4Cidr.parse(text)).hasToString(expected);
    }

    static Stream<Arguments> normalisesHostBits() {
        return Stream.of(Arguments.of("10.1.2.3/16", "10.1.0.0/16"), Arguments.of("192.168.7.9/32", "192.168.7.9/32"));
    }
}
