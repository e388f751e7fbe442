package io.railscope.store;

import java.util.Collection;
import java.util.function.ToLongFunction;

/** A hash of a set of rows, the same whatever their order: what a writer compares to skip rows that did not change. */
final class SetFingerprint {

    private SetFingerprint() {}

    static <T> long of(Collection<T> rows, ToLongFunction<T> hash) {
        long sum = 0;
        long xor = 0;
        for (T row : rows) {
            long mixed = hash.applyAsLong(row) * 0x9E3779B97F4A7C15L;
            sum += mixed;
            xor ^= Long.rotateLeft(mixed, 17);
        }
        return sum * 31 + xor + rows.size();
    }
}
