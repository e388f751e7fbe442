package io.railscope.store;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import org.postgresql.PGConnection;
import org.postgresql.copy.PGCopyOutputStream;

/**
 * Rows streamed into PostgreSQL with {@code COPY ... FROM STDIN} in text format. Every value is
 * escaped, so names and labels from clusters cannot break a row. Columns are written in the order
 * the COPY statement names them; {@link #endRow()} ends each row.
 */
final class CopyStream implements AutoCloseable {

    private final PGCopyOutputStream out;
    private final BufferedWriter writer;
    private boolean firstColumn = true;
    private long rows;

    CopyStream(Connection connection, String copySql) throws SQLException {
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
        for (Map.Entry<String, ?> entry : new java.util.TreeMap<>(values).entrySet()) {
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
    public void close() throws IOException {
        writer.close();
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
