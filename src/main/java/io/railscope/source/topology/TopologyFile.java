package io.railscope.source.topology;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A fabric's links from a file an operator keeps (or a ConfigMap mounted as one): the output of {@code ibnetdiscover}
 * (either form) or {@code iblinkinfo}, told apart by its first line that is neither blank nor a comment. The file is
 * read again only when its size or modification time changes.
 */
public final class TopologyFile {

    private static final Pattern IBLINKINFO = Pattern.compile("(?:CA|Switch):.*|.*==\\(.*");

    private final Path path;
    private Object readStamp;
    private List<CabledLink> links = List.of();

    public TopologyFile(Path path) {
        this.path = path;
    }

    public Path path() {
        return path;
    }

    /**
     * The file's links as it holds them now.
     *
     * @throws IOException when the file cannot be read
     * @throws TopologyFormatException when it is neither output, or a line of it does not read
     */
    public synchronized List<CabledLink> links() throws IOException {
        BasicFileAttributes attributes = Files.readAttributes(path, BasicFileAttributes.class);
        Object stamp = List.of(attributes.size(), attributes.lastModifiedTime());
        if (!stamp.equals(readStamp)) {
            links = read();
            readStamp = stamp;
        }
        return links;
    }

    private List<CabledLink> read() throws IOException {
        boolean iblinkinfo;
        try (var lines = Files.lines(path, StandardCharsets.ISO_8859_1)) {
            iblinkinfo = lines.map(String::strip)
                    .filter(line -> !line.isEmpty() && !line.startsWith("#"))
                    .findFirst()
                    .map(line -> IBLINKINFO.matcher(line).matches())
                    .orElse(false);
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        try (InputStream input = Files.newInputStream(path)) {
            String source = "topology file " + path;
            return iblinkinfo ? IblinkinfoReader.read(source, input) : IbnetdiscoverReader.read(source, input);
        }
    }
}
