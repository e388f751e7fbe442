package io.railscope.source.ipam;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/** A set of addresses as disjoint, sorted, inclusive ranges; adjacent ranges are merged. */
final class AddressRanges {

    private final List<BigInteger[]> ranges = new ArrayList<>();

    AddressRanges add(BigInteger first, BigInteger last) {
        if (first.compareTo(last) > 0) {
            return this;
        }
        List<BigInteger[]> merged = new ArrayList<>();
        BigInteger lo = first;
        BigInteger hi = last;
        boolean placed = false;
        for (BigInteger[] range : ranges) {
            if (range[1].add(BigInteger.ONE).compareTo(lo) < 0) {
                merged.add(range);
            } else if (hi.add(BigInteger.ONE).compareTo(range[0]) < 0) {
                if (!placed) {
                    merged.add(new BigInteger[] {lo, hi});
                    placed = true;
                }
                merged.add(range);
            } else {
                lo = lo.min(range[0]);
                hi = hi.max(range[1]);
            }
        }
        if (!placed) {
            merged.add(new BigInteger[] {lo, hi});
        }
        ranges.clear();
        ranges.addAll(merged);
        return this;
    }

    AddressRanges addAll(AddressRanges other) {
        other.ranges.forEach(range -> add(range[0], range[1]));
        return this;
    }

    /** How many addresses of [first, last] the set holds. */
    BigInteger count(BigInteger first, BigInteger last) {
        BigInteger total = BigInteger.ZERO;
        for (BigInteger[] range : ranges) {
            BigInteger lo = range[0].max(first);
            BigInteger hi = range[1].min(last);
            if (lo.compareTo(hi) <= 0) {
                total = total.add(hi.subtract(lo).add(BigInteger.ONE));
            }
        }
        return total;
    }

    /** The part of the set inside [first, last], found by bisection: a block looks at its own exclusions only. */
    AddressRanges within(BigInteger first, BigInteger last) {
        AddressRanges inside = new AddressRanges();
        int low = 0;
        int high = ranges.size();
        while (low < high) {
            int middle = (low + high) >>> 1;
            if (ranges.get(middle)[1].compareTo(first) < 0) {
                low = middle + 1;
            } else {
                high = middle;
            }
        }
        for (int i = low; i < ranges.size() && ranges.get(i)[0].compareTo(last) <= 0; i++) {
            inside.ranges.add(new BigInteger[] {ranges.get(i)[0].max(first), ranges.get(i)[1].min(last)});
        }
        return inside;
    }

    /** The addresses of [first, last] the set does not hold. */
    AddressRanges gaps(BigInteger first, BigInteger last) {
        AddressRanges gaps = new AddressRanges();
        BigInteger next = first;
        for (BigInteger[] range : within(first, last).ranges) {
            gaps.add(next, range[0].subtract(BigInteger.ONE));
            next = range[1].add(BigInteger.ONE);
        }
        return gaps.add(next, last);
    }

    boolean covers(BigInteger first, BigInteger last) {
        return count(first, last).equals(last.subtract(first).add(BigInteger.ONE));
    }

    boolean contains(BigInteger address) {
        return covers(address, address);
    }

    List<BigInteger[]> ranges() {
        return ranges;
    }
}
