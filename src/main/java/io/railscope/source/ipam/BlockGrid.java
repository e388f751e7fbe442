package io.railscope.source.ipam;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * nv-ipam's per-node blocks of one pool: {@code count} blocks of {@code size} addresses from
 * {@code first}, the pool's exclusions, per-node exclusions indexed from each block's base, and a
 * gateway per block. A block whose exclusions cover it wholly is skipped by the controller from
 * v0.4.0 and handed out before; one a node holds is counted either way. The totals are computed
 * from the blocks exclusions touch, so a /8 of 16 million blocks costs as much as a /24.
 */
abstract class BlockGrid {

    final BigInteger first;
    final BigInteger size;
    final BigInteger count;
    final AddressRanges exclusions;
    /** Per-node exclusions as offsets from a block's base, merged. */
    final AddressRanges perNodeExclusions;

    BlockGrid(
            BigInteger first,
            BigInteger size,
            BigInteger count,
            AddressRanges exclusions,
            AddressRanges perNodeExclusions) {
        this.first = first;
        this.size = size;
        this.count = count.max(BigInteger.ZERO);
        this.exclusions = exclusions;
        this.perNodeExclusions = perNodeExclusions;
    }

    BigInteger start(BigInteger block) {
        return first.add(block.multiply(size));
    }

    BigInteger end(BigInteger block) {
        return start(block).add(size).subtract(BigInteger.ONE);
    }

    /** The index of the block holding {@code address}, or null outside the grid. */
    BigInteger blockOf(BigInteger address) {
        if (address.compareTo(first) < 0) {
            return null;
        }
        BigInteger block = address.subtract(first).divide(size);
        return block.compareTo(count) < 0 ? block : null;
    }

    /** The addresses of a block a pod may get, before exclusions and the gateway. */
    abstract BigInteger hostStart(BigInteger block);

    abstract BigInteger hostEnd(BigInteger block);

    /** Where what exclusions must cover for the controller to skip the block starts: the block's start. */
    BigInteger coverStart(BigInteger block) {
        return start(block);
    }

    /** Where it ends: the block's last host address. */
    BigInteger coverEnd(BigInteger block) {
        return hostEnd(block);
    }

    /** Where per-node exclusion index 0 is: the block's start. */
    BigInteger base(BigInteger block) {
        return start(block);
    }

    /** The block's gateway, or null. */
    abstract BigInteger gateway(BigInteger block);

    /** Blocks that are not like the others besides exclusions: the one holding the gateway, static ones. */
    abstract Set<BigInteger> particular();

    /** Whether the controller never hands out the block on its own (besides exclusions). */
    boolean reserved(BigInteger block) {
        return false;
    }

    private AddressRanges excludedIn(BigInteger block) {
        AddressRanges excluded = exclusions.within(start(block), end(block));
        BigInteger base = base(block);
        for (BigInteger[] range : perNodeExclusions.ranges()) {
            excluded.add(base.add(range[0]), base.add(range[1]));
        }
        return excluded;
    }

    BigInteger usable(BigInteger block) {
        BigInteger lo = hostStart(block);
        BigInteger hi = hostEnd(block);
        if (lo.compareTo(hi) > 0) {
            return BigInteger.ZERO;
        }
        AddressRanges taken = excludedIn(block);
        BigInteger gateway = gateway(block);
        if (gateway != null) {
            taken.add(gateway, gateway);
        }
        return hi.subtract(lo).add(BigInteger.ONE).subtract(taken.count(lo, hi));
    }

    boolean whollyExcluded(BigInteger block) {
        return excludedIn(block).covers(coverStart(block), coverEnd(block));
    }

    /**
     * The pool's totals given the blocks nodes hold.
     *
     * @param held the valid blocks of the status, by node
     */
    Totals totals(Map<String, BigInteger> held) {
        Set<BigInteger> heldBlocks = new HashSet<>(held.values());
        TreeSet<BigInteger> special = new TreeSet<>(particular());
        // blocks exclusions cover in full, as index intervals, and the blocks they cut in part
        List<BigInteger[]> covered = new ArrayList<>();
        BigInteger gridEnd = count.signum() == 0 ? first.subtract(BigInteger.ONE) : end(count.subtract(BigInteger.ONE));
        for (BigInteger[] range : exclusions.ranges()) {
            BigInteger lo = range[0].max(first);
            BigInteger hi = range[1].min(gridEnd);
            if (lo.compareTo(hi) > 0) {
                continue;
            }
            BigInteger firstBlock = lo.subtract(first).divide(size);
            BigInteger lastBlock = hi.subtract(first).divide(size);
            BigInteger fullFrom = start(firstBlock).equals(lo) ? firstBlock : firstBlock.add(BigInteger.ONE);
            BigInteger fullTo = end(lastBlock).equals(hi) ? lastBlock : lastBlock.subtract(BigInteger.ONE);
            if (!start(firstBlock).equals(lo)) {
                special.add(firstBlock);
            }
            if (!end(lastBlock).equals(hi)) {
                special.add(lastBlock);
            }
            if (fullFrom.compareTo(fullTo) <= 0) {
                covered.add(new BigInteger[] {fullFrom, fullTo});
            }
        }
        BigInteger coveredCount = BigInteger.ZERO;
        for (BigInteger[] interval : covered) {
            coveredCount = coveredCount.add(interval[1].subtract(interval[0]).add(BigInteger.ONE));
            coveredCount = coveredCount.subtract(BigInteger.valueOf(
                    special.subSet(interval[0], true, interval[1], true).size()));
        }
        BigInteger blocks = BigInteger.ZERO;
        BigInteger capacity = BigInteger.ZERO;
        for (BigInteger block : special) {
            if (block.signum() < 0 || block.compareTo(count) >= 0 || reserved(block) && !heldBlocks.contains(block)) {
                continue;
            }
            if (whollyExcluded(block) && !heldBlocks.contains(block)) {
                continue;
            }
            blocks = blocks.add(BigInteger.ONE);
            capacity = capacity.add(usable(block));
        }
        BigInteger plain = count.subtract(BigInteger.valueOf(special.size())).subtract(coveredCount);
        BigInteger sample = plainSample(special, covered);
        BigInteger plainUsable = sample == null ? BigInteger.ZERO : usable(sample);
        boolean plainExcluded = sample != null && whollyExcluded(sample);
        if (plain.signum() > 0 && sample != null && !plainExcluded) {
            blocks = blocks.add(plain);
            capacity = capacity.add(plain.multiply(plainUsable));
        }
        // blocks nodes hold count even where exclusions cover them (controllers before v0.4.0 hand those out)
        BigInteger allocated = BigInteger.ZERO;
        for (BigInteger block : heldBlocks) {
            if (special.contains(block)) {
                allocated = allocated.add(usable(block));
            } else if (inside(covered, block)) {
                blocks = blocks.add(BigInteger.ONE);
            } else {
                allocated = allocated.add(plainUsable);
                if (plainExcluded) {
                    blocks = blocks.add(BigInteger.ONE);
                }
            }
        }
        return new Totals(blocks, capacity, allocated, heldBlocks.size());
    }

    private static boolean inside(List<BigInteger[]> intervals, BigInteger block) {
        for (BigInteger[] interval : intervals) {
            if (interval[0].compareTo(block) <= 0 && interval[1].compareTo(block) >= 0) {
                return true;
            }
        }
        return false;
    }

    /** A block that neither exclusions nor anything particular touches, to stand for all of them. */
    private BigInteger plainSample(Set<BigInteger> special, List<BigInteger[]> covered) {
        BigInteger candidate = BigInteger.ZERO;
        for (int tries = 0; tries < special.size() + covered.size() + 2 && candidate.compareTo(count) < 0; tries++) {
            BigInteger current = candidate;
            BigInteger[] inside = covered.stream()
                    .filter(interval -> interval[0].compareTo(current) <= 0 && interval[1].compareTo(current) >= 0)
                    .findFirst()
                    .orElse(null);
            if (inside != null) {
                candidate = inside[1].add(BigInteger.ONE);
            } else if (special.contains(candidate)) {
                candidate = candidate.add(BigInteger.ONE);
            } else {
                return candidate;
            }
        }
        return candidate.compareTo(count) < 0 && !special.contains(candidate) ? candidate : null;
    }

    /** Blocks the pool can hand out, addresses pods can get in them, those in blocks nodes hold, and how many blocks nodes hold. */
    record Totals(BigInteger blocks, BigInteger capacity, BigInteger allocated, int held) {}
}
