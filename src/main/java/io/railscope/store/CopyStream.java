package io.railscope.store;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.IntFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.postgresql.PGConnection;
import org.postgresql.copy.PGCopyOutputStream;
import org.postgresql.util.PSQLException;
import org.postgresql.util.ServerErrorMessage;

/**
 * Rows streamed into PostgreSQL with {@code COPY ... FROM STDIN} in text format. Every value is
 * escaped, so names and labels from clusters cannot break a row. Columns are written in the order
 * the COPY statement names them; {@link #endRow()} ends each row.
 */
final class CopyStream implements AutoCloseable {

    private static final Pattern WHERE =
            Pattern.compile("COPY \\S+, line (\\d+)(?:, column (\\S+?): \"?(.*?)\"?)?$", Pattern.MULTILINE);

    private final PGCopyOutputStream out;
    private final BufferedWriter writer;
    private final String table;
    private final IntFunction<String> rowName;
    private boolean firstColumn = true;
    private long rows;

    CopyStream(Connection connection, String copySql) throws SQLException {
        this(connection, copySql, null, null);
    }

    /**
     * A stream whose rows are for {@code table}; {@code rowName} names the row of a line (from 1) when
     * PostgreSQL refuses it, so a failed commit says which table, row and value.
     */
    CopyStream(Connection connection, String copySql, String table, IntFunction<String> rowName) throws SQLException {
        this.table = table;
        this.rowName = rowName;
        this.out = new PGCopyOutputStream(connection.unwrap(PGConnection.class), copySql, 1 << 16);
        this.writer = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), 1 << 16);
    }

    CopyStream text(String value) throws IOException {
        separate();
        if (value == null) {
            writer.write("\\N");
        } else {
            escape(value);
        }
        return this;
    }

    CopyStream number(long value) throws IOException {
        separate();
        writer.write(Long.toString(value));
        return this;
    }

    CopyStream nullableNumber(Integer value) throws IOException {
        return value == null ? text(null) : number(value);
    }

    /** A double, or NULL when it is NaN or infinite. */
    CopyStream decimal(double value) throws IOException {
        separate();
        writer.write(Double.isFinite(value) ? Double.toString(value) : "\\N");
        return this;
    }

    CopyStream bool(boolean value) throws IOException {
        separate();
        writer.write(value ? "t" : "f");
        return this;
    }

    /** A text[] value. */
    CopyStream array(List<String> values) throws IOException {
        StringBuilder literal = new StringBuilder("{");
        for (int i = 0; i < values.size(); i++) {
            if (i > 0) {
                literal.append(',');
            }
            literal.append('"');
            String element = values.get(i);
            for (int c = 0; c < element.length(); c++) {
                char ch = element.charAt(c);
                if (ch == '"' || ch == '\\') {
                    literal.append('\\');
                }
                literal.append(ch);
            }
            literal.append('"');
        }
        return text(literal.append('}').toString());
    }

    /** A jsonb object of string or number values. */
    CopyStream json(Map<String, ?> values) throws IOException {
        StringBuilder json = new StringBuilder("{");
        boolean first = true;
        for (Map.Entry<String, ?> entry : new TreeMap<>(values).entrySet()) {
            if (!first) {
                json.append(',');
            }
            first = false;
            jsonString(json, entry.getKey()).append(':');
            if (entry.getValue() instanceof Number number) {
                json.append(number);
            } else {
                jsonString(json, String.valueOf(entry.getValue()));
            }
        }
        return text(json.append('}').toString());
    }

    void endRow() throws IOException {
        writer.write('\n');
        firstColumn = true;
        rows++;
    }

    long rows() {
        return rows;
    }

    @Override
    public void close() throws IOException, SQLException {
        try {
            writer.close();
        } catch (IOException e) {
            cancel(e);
            PSQLException refused = refusal(e);
            if (refused == null || refused.getServerErrorMessage() == null) {
                throw e;
            }
            throw new SQLException(describe(refused.getServerErrorMessage()), refused.getSQLState(), refused);
        }
    }

    /**
     * Ends a copy that failed on the wire. pgjdbc holds the connection's lock for a COPY until the copy ends or is
     * cancelled, and ending it fails when the session is gone: without the cancel, the transaction's rollback, and
     * every later use of the connection, waits on that lock forever.
     */
    private void cancel(IOException failure) {
        if (!out.isActive()) {
            return;
        }
        try {
            out.cancelCopy();
        } catch (SQLException e) {
            failure.addSuppressed(e);
        }
    }

    /** "rail_port_state, row node gpu-1 rail 3: column state, value "2147483647": value … out of range for type smallint". */
    private String describe(ServerErrorMessage error) {
        String where = error.getWhere() == null ? "" : error.getWhere();
        Matcher matcher = WHERE.matcher(where);
        StringBuilder text = new StringBuilder(table == null ? "COPY" : table);
        if (matcher.find()) {
            int line = Integer.parseInt(matcher.group(1));
            String row = rowName == null ? null : rowName.apply(line);
            text.append(", row ").append(row == null ? "of line " + line : row);
            if (matcher.group(2) != null) {
                text.append(": column ")
                        .append(matcher.group(2))
                        .append(", value \"")
                        .append(matcher.group(3))
                        .append('"');
            }
        } else if (!where.isEmpty()) {
            text.append(" (").append(where).append(')');
        }
        return text.append(": ").append(error.getMessage()).toString();
    }

    private static PSQLException refusal(Throwable error) {
        for (Throwable cause = error; cause != null; cause = cause.getCause()) {
            if (cause instanceof PSQLException refused) {
                return refused;
            }
        }
        return null;
    }

    private void separate() throws IOException {
        if (!firstColumn) {
            writer.write('\t');
        }
        firstColumn = false;
    }

    private void escape(String value) throws IOException {
        for (int i = 0; i < value.length(); i++) {
            char ch = value.charAt(i);
            switch (ch) {
                case '\\' -> writer.write("\\\\");
                case '\t' -> writer.write("\\t");
                case '\n' -> writer.write("\\n");
                case '\r' -> writer.write("\\r");
                case '\0' -> writer.write('\uFFFD');
                default -> writer.write(ch);
            }
        }
    }

    private static StringBuilder jsonString(StringBuilder json, String value) {
        json.append('"');
        for (int i = 0; i < value.length(); i++) {
            char ch = value.charAt(i);
            switch (ch) {
                case '"' -> json.append("\\\"");
                case '\\' -> json.append("\\\\");
                default -> {
                    if (ch < 0x20) {
                        json.append(String.format("\\u%04x", (int) ch));
                    } else {
                        json.append(ch);
                    }
                }
            }
        }
        return json.append('"');
    }
}
