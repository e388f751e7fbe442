package io.railscope.source.kube;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import io.railscope.source.IsolationObjects.Attachment;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/** The Multus {@code k8s.v1.cni.cncf.io/network-status} annotation: the interfaces a pod got. */
final class NetworkStatus {

    static final String ANNOTATION = "k8s.v1.cni.cncf.io/network-status";
    private static final JsonFactory JSON = new JsonFactory();

    private NetworkStatus() {}

    /** The interfaces besides the default network; throws naming what is wrong when the annotation is not a JSON list of objects. */
    static List<Attachment> attachments(String annotation) throws IOException {
        if (annotation == null || annotation.isBlank()) {
            return List.of();
        }
        char[] text = annotation.toCharArray();
        return attachments(text, 0, text.length, UnaryOperator.identity());
    }

    /**
     * The same, read from a slice of characters with a streaming parser: only name, interface, mtu,
     * default and the RDMA device are kept. {@code intern} may hand back an equal attachment seen before.
     */
    static List<Attachment> attachments(char[] text, int offset, int length, UnaryOperator<Attachment> intern)
            throws IOException {
        try (JsonParser parser = JSON.createParser(text, offset, length)) {
            JsonToken first = parser.nextToken();
            if (first == null) {
                return List.of();
            }
            if (first != JsonToken.START_ARRAY) {
                throw new IOException("not a JSON list");
            }
            List<Attachment> attachments = new ArrayList<>(8);
            JsonToken token;
            while ((token = parser.nextToken()) != JsonToken.END_ARRAY) {
                if (token != JsonToken.START_OBJECT) {
                    throw new IOException("an entry is not an object");
                }
                Attachment attachment = entry(parser);
                if (attachment != null) {
                    attachments.add(intern.apply(attachment));
                }
            }
            return attachments.isEmpty() ? List.of() : List.copyOf(attachments);
        } catch (JsonProcessingException e) {
            throw new IOException(e.getOriginalMessage(), e);
        }
    }

    /** One entry, or null for the default network. */
    private static Attachment entry(JsonParser parser) throws IOException {
        String name = null;
        String iface = null;
        Integer mtu = null;
        String rdma = null;
        boolean isDefault = false;
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String field = parser.currentName();
            JsonToken value = parser.nextToken();
            switch (field) {
                case "name" -> name = parser.getValueAsString();
                case "interface" -> iface = parser.getValueAsString();
                case "mtu" -> mtu = value == JsonToken.VALUE_NUMBER_INT ? parser.getIntValue() : null;
                case "default" -> isDefault = value == JsonToken.VALUE_TRUE;
                case "device-info" -> rdma = rdmaDevice(parser);
                default -> parser.skipChildren();
            }
        }
        if (isDefault) {
            return null;
        }
        String network = name == null ? "?" : name;
        return new Attachment(
                network, iface == null ? network : iface, mtu, rdma == null || rdma.isEmpty() ? null : rdma);
    }

    /** device-info.pci.rdma-device. */
    private static String rdmaDevice(JsonParser parser) throws IOException {
        if (parser.currentToken() != JsonToken.START_OBJECT) {
            parser.skipChildren();
            return null;
        }
        String rdma = null;
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String field = parser.currentName();
            if (parser.nextToken() == JsonToken.START_OBJECT && "pci".equals(field)) {
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    String key = parser.currentName();
                    parser.nextToken();
                    if ("rdma-device".equals(key)) {
                        rdma = parser.getValueAsString();
                    } else {
                        parser.skipChildren();
                    }
                }
            } else {
                parser.skipChildren();
            }
        }
        return rdma;
    }
}
