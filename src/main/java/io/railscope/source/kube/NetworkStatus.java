package io.railscope.source.kube;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import io.railscope.source.IsolationObjects.Attachment;
import io.railscope.source.nccl.PodAddress;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
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
        List<Attachment> attachments = new ArrayList<>(8);
        entries(text, offset, length, false, entry -> {
            if (!entry.isDefault()) {
                attachments.add(intern.apply(entry.attachment()));
            }
        });
        return attachments.isEmpty() ? List.of() : List.copyOf(attachments);
    }

    /**
     * Every address the annotation lists, the default network's included, with its interface and RDMA device;
     * malformed JSON yields none.
     */
    static List<PodAddress> addresses(String annotation) {
        if (annotation == null || annotation.isBlank()) {
            return List.of();
        }
        char[] text = annotation.toCharArray();
        List<PodAddress> addresses = new ArrayList<>();
        try {
            entries(text, 0, text.length, true, entry -> {
                for (String ip : entry.ips()) {
                    addresses.add(new PodAddress(
                            ip, entry.attachment().iface(), entry.attachment().rdmaDevice()));
                }
            });
        } catch (IOException e) {
            return List.of();
        }
        return addresses;
    }

    /** One entry of the list; its {@code ips} read only when asked (the isolation audit reads every pod, without them). */
    private record Entry(Attachment attachment, boolean isDefault, List<String> ips) {}

    private static void entries(char[] text, int offset, int length, boolean withIps, Consumer<Entry> each)
            throws IOException {
        try (JsonParser parser = JSON.createParser(text, offset, length)) {
            JsonToken first = parser.nextToken();
            if (first == null) {
                return;
            }
            if (first != JsonToken.START_ARRAY) {
                throw new IOException("not a JSON list");
            }
            JsonToken token;
            while ((token = parser.nextToken()) != JsonToken.END_ARRAY) {
                if (token != JsonToken.START_OBJECT) {
                    throw new IOException("an entry is not an object");
                }
                each.accept(entry(parser, withIps));
            }
        } catch (JsonProcessingException e) {
            throw new IOException(e.getOriginalMessage(), e);
        }
    }

    private static Entry entry(JsonParser parser, boolean withIps) throws IOException {
        String name = null;
        String iface = null;
        Integer mtu = null;
        String rdma = null;
        boolean isDefault = false;
        List<String> ips = List.of();
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String field = parser.currentName();
            JsonToken value = parser.nextToken();
            switch (field) {
                case "name" -> name = parser.getValueAsString();
                case "interface" -> iface = parser.getValueAsString();
                case "mtu" -> mtu = value == JsonToken.VALUE_NUMBER_INT ? parser.getIntValue() : null;
                case "default" -> isDefault = value == JsonToken.VALUE_TRUE;
                case "device-info" -> rdma = rdmaDevice(parser);
                case "ips" -> ips = withIps ? ips(parser) : skip(parser);
                default -> parser.skipChildren();
            }
        }
        String network = name == null ? "?" : name;
        return new Entry(
                new Attachment(
                        network, iface == null ? network : iface, mtu, rdma == null || rdma.isEmpty() ? null : rdma),
                isDefault,
                ips);
    }

    private static List<String> ips(JsonParser parser) throws IOException {
        if (parser.currentToken() != JsonToken.START_ARRAY) {
            return skip(parser);
        }
        List<String> ips = new ArrayList<>(2);
        while (parser.nextToken() != JsonToken.END_ARRAY) {
            if (parser.currentToken() == JsonToken.VALUE_STRING
                    && !parser.getText().isBlank()) {
                ips.add(parser.getText());
            } else {
                parser.skipChildren();
            }
        }
        return ips;
    }

    private static List<String> skip(JsonParser parser) throws IOException {
        parser.skipChildren();
        return List.of();
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
