package io.railscope.source.nccl;

/**
 * The {@code host:pid:tid [cudaDev]} that NCCL puts before {@code NCCL INFO}. Whatever precedes it
 * (a timestamp, a launcher's rank tag) is ignored; a prefix that cannot be read belongs to host
 * {@code ?}, pid 0, device 0.
 */
record LinePrefix(String host, int pid, int cudaDev) {

    private static final LinePrefix UNKNOWN = new LinePrefix("?", 0, 0);

    static LinePrefix of(String beforeNccl) {
        String text = beforeNccl.strip();
        int open = text.lastIndexOf('[');
        int close = text.lastIndexOf(']');
        if (open < 0 || close < open) {
            return UNKNOWN;
        }
        int cudaDev = number(text.substring(open + 1, close));
        String head = text.substring(0, open).strip();
        int space = head.lastIndexOf(' ');
        String hostPidTid = head.substring(space + 1);
        int lastColon = hostPidTid.lastIndexOf(':');
        int pidColon = lastColon > 0 ? hostPidTid.lastIndexOf(':', lastColon - 1) : -1;
        if (pidColon <= 0) {
            return UNKNOWN;
        }
        int pid = number(hostPidTid.substring(pidColon + 1, lastColon));
        if (pid < 0 || cudaDev < 0) {
            return UNKNOWN;
        }
        return new LinePrefix(hostPidTid.substring(0, pidColon), pid, cudaDev);
    }

    private static int number(String text) {
        if (text.isEmpty() || text.length() > 9) {
            return -1;
        }
        int value = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            value = value * 10 + c - '0';
        }
        return value;
    }
}
