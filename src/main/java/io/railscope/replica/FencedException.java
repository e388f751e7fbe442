package io.railscope.replica;

/** A write refused because its lease has passed to another holder or epoch since the write began. */
public class FencedException extends RuntimeException {

    public FencedException(Fence fence, String holder) {
        super("lease " + fence.lease() + " is no longer held by " + fence.owner() + " at epoch " + fence.epoch()
                + (holder == null ? "" : " (now " + holder + ")") + ": the write is refused");
    }
}
