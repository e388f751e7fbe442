package io.railscope.source.topology;

import java.util.Locale;

/**
 * InfiniBand GUIDs as Railscope writes them, {@code 0x} and 16 lowercase hex digits, from the ways the tools print
 * them: 16 digits without {@code 0x} in ibnetdiscover's {@code S-}/{@code H-} names, leading zeros dropped in its
 * {@code caguid=} and port GUIDs, {@code 0x} and 16 digits in {@code --ports} and iblinkinfo.
 */
final class InfinibandGuids {

    /** A pattern fragment for the hex digits of a GUID, after any {@code 0x}. */
    static final String HEX = "[0-9a-fA-F]{1,16}";

    private InfinibandGuids() {}

    /** {@code hex} (1 to 16 hex digits, optionally after {@code 0x}) written as Railscope writes GUIDs. */
    static String normal(String hex) {
        String digits = hex.startsWith("0x") || hex.startsWith("0X") ? hex.substring(2) : hex;
        return "0x" + "0".repeat(16 - digits.length()) + digits.toLowerCase(Locale.ROOT);
    }
}
