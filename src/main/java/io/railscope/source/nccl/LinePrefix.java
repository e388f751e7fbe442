package io.railscope.source.nccl;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code host:pid:tid [cudaDev]} that NCCL puts before {@code NCCL INFO} and {@code NCCL WARN}
 * (debug.cc: the host name up to its first dot). Whatever a launcher or a log pipeline adds in front is
 * not part of the host: a timestamp or {@code 0: } (srun --label) before a space, a timestamp a log
 * console glued to it, and tags glued to the host such as {@code [1,0]<stdout>:} (mpirun --tag-output, Horovod), {@code [default0]:} (torchrun) or
 * a colour code whose escape byte was lost. A prefix that cannot be read belongs to host {@code ?},
 * pid 0, device 0; one whose host was dropped, to host {@code ?} and its pid.
 */
record LinePrefix(String host, int pid, int cudaDev) {

    private static final LinePrefix UNKNOWN = new LinePrefix("?", 0, 0);
    private static final Pattern GLUED_TIMESTAMP =
            Pattern.compile("^\\d{4}-\\d\\d-\\d\\d[T ][\\d:.,]+(?:Z|[+-]\\d\\d:?\\d\\d)?");
    private static final Pattern STRICT =
            Pattern.compile("(?:^|\\s)[\\w.-]*[A-Za-z][\\w.-]*:\\d+:\\d+ \\[\\d+\\]\\s*$");
    private static final Pattern GLUED_TAGS = Pattern.compile("^(?:\\[[^\\]]*\\]|<[a-z]+>|\\[[0-9;]*m)+");

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
        if (pidColon < 0) {
            return UNKNOWN;
        }
        int pid = number(hostPidTid.substring(pidColon + 1, lastColon));
        if (pid < 0 || cudaDev < 0) {
            return UNKNOWN;
        }
        String host = hostPidTid.substring(0, pidColon);
        if (!host.isEmpty() && Character.isDigit(host.charAt(0)) && host.indexOf(':') >= 0) {
            host = GLUED_TIMESTAMP.matcher(host).replaceFirst("");
        }
        host = host.substring(host.lastIndexOf(':') + 1);
        if (!host.isEmpty() && (host.charAt(0) == '[' || host.charAt(0) == '<')) {
            host = GLUED_TAGS.matcher(host).replaceFirst("");
        }
        // the end of another write glued before it: "6[g183"
        host = host.substring(host.lastIndexOf('[') + 1);
        // a pipeline may drop the host and keep ":pid:tid" (seen behind log collectors): the process is still known by
        // its pid
        return new LinePrefix(host.isEmpty() ? "?" : host, pid, cudaDev);
    }

    /**
     * The prefix when {@code text} ends in exactly {@code host:pid:tid [dev]} with a host that is not a
     * number and digits for pid and tid, else null: for lines nothing else marks as NCCL's.
     */
    static LinePrefix strict(String text) {
        Matcher matcher = STRICT.matcher(text);
        if (!matcher.find()) {
            return null;
        }
        LinePrefix prefix = of(matcher.group());
        return prefix.known() && prefix.pid() > 0 && !prefix.host().chars().allMatch(Character::isDigit)
                ? prefix
                : null;
    }

    boolean known() {
        return this != UNKNOWN;
    }

    /** The process the line belongs to: {@code host:pid}. */
    String process() {
        return host + ':' + pid;
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
