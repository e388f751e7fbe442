package io.railscope.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An HTTP/1.1 client that sends exactly the bytes it is given, so that requests no well-behaved client would send
 * (malformed escapes, dot segments, control bytes in headers) reach the server as written.
 */
public final class RawHttp {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern CONTENT_TYPE = Pattern.compile("\ncontent-type: *([^\r]*)");

    /** What came back: status, content type, body and the head as sent. */
    public record Answer(int status, String contentType, String body, String head) {

        /**
         * What the answer says was wrong: the API's {@code error}, or the text of the page's alert; null when it says
         * nothing.
         */
        public String message() {
            if (contentType.startsWith("application/json")) {
                try {
                    JsonNode error = JSON.readTree(body).get("error");
                    return error != null && error.isTextual() && !error.asText().isBlank() ? error.asText() : null;
                } catch (IOException e) {
                    return null;
                }
            }
            Matcher alert = Pattern.compile("role=\"alert\">([^<]+)<").matcher(body);
            return contentType.startsWith("text/html") && alert.find()
                    ? alert.group(1)
                            .replace("&#39;", "'")
                            .replace("&quot;", "\"")
                            .replace("&lt;", "<")
                            .replace("&gt;", ">")
                            .replace("&amp;", "&")
                    : null;
        }
    }

    private RawHttp() {}

    /** One request on a connection of its own, {@code Connection: close}. */
    public static Answer send(int port, String method, String target, String headers, byte[] body) throws IOException {
        String head = method + " " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n" + headers
                + "Content-Length: " + body.length + "\r\n\r\n";
        ByteArrayOutputStream request = new ByteArrayOutputStream();
        request.writeBytes(head.getBytes(StandardCharsets.ISO_8859_1));
        request.writeBytes(body);
        return exchange(port, request.toByteArray());
    }

    /** Writes {@code request} as it is and reads the answer until the server closes the connection. */
    public static Answer exchange(int port, byte[] request) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(30_000);
            OutputStream out = socket.getOutputStream();
            out.write(request);
            out.flush();
            return parse(socket.getInputStream().readAllBytes());
        }
    }

    /** An answer as read from the wire; status 599 when it was no HTTP answer at all. */
    public static Answer parse(byte[] response) {
        String text = new String(response, StandardCharsets.ISO_8859_1);
        int end = text.indexOf("\r\n\r\n");
        if (end < 0 || !text.startsWith("HTTP/1.")) {
            return new Answer(599, "", text, "");
        }
        String head = text.substring(0, end).toLowerCase(Locale.ROOT);
        Matcher type = CONTENT_TYPE.matcher(head);
        byte[] body = Arrays.copyOfRange(response, end + 4, response.length);
        if (head.contains("\ntransfer-encoding: chunked")) {
            body = unchunk(body);
        }
        return new Answer(
                Integer.parseInt(text.substring(9, 12)),
                type.find() ? type.group(1) : "",
                new String(body, StandardCharsets.UTF_8),
                text.substring(0, end));
    }

    private static byte[] unchunk(byte[] chunked) {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        int at = 0;
        while (at < chunked.length) {
            int lineEnd = at;
            while (lineEnd + 1 < chunked.length && !(chunked[lineEnd] == '\r' && chunked[lineEnd + 1] == '\n')) {
                lineEnd++;
            }
            String size = new String(chunked, at, lineEnd - at, StandardCharsets.ISO_8859_1).split(";")[0].strip();
            int length = size.isEmpty() ? 0 : Integer.parseInt(size, 16);
            if (length == 0) {
                break;
            }
            body.write(chunked, lineEnd + 2, Math.min(length, chunked.length - lineEnd - 2));
            at = lineEnd + 2 + length + 2;
        }
        return body.toByteArray();
    }
}
