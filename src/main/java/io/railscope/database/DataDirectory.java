package io.railscope.database;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.commons.io.file.PathUtils;

/**
 * The server's data directory, {@code data/}: made by initdb in {@code data.initdb/} and moved into place only once
 * initdb has finished, so that a first start killed half-way leaves no half-made cluster to start on.
 */
final class DataDirectory {

    private DataDirectory() {}

    /** {@code directory/data}, made now when it does not exist yet, and owned by the server's user. */
    static Path ready(Path directory, Path binaries, ServerUser user, String password, Path log) throws IOException {
        Path data = directory.resolve("data");
        if (Files.exists(data.resolve("PG_VERSION"))) {
            user.reclaim(data);
            return data;
        }
        Path fresh = directory.resolve("data.initdb");
        deleteIfExists(fresh);
        Files.createDirectories(fresh);
        user.own(fresh);
        Path passwordFile = directory.resolve("initdb-password");
        Files.deleteIfExists(passwordFile);
        Files.createFile(
                passwordFile, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        Files.writeString(passwordFile, password + "\n", StandardCharsets.UTF_8);
        user.own(passwordFile);
        try {
            initdb(directory, binaries, user, fresh, passwordFile, log);
        } finally {
            Files.deleteIfExists(passwordFile);
        }
        // a data directory without PG_VERSION was never a cluster (older Railscope, or a hand-made directory)
        deleteIfExists(data);
        Files.move(fresh, data, StandardCopyOption.ATOMIC_MOVE);
        return data;
    }

    private static void initdb(Path directory, Path binaries, ServerUser user, Path fresh, Path passwordFile, Path log)
            throws IOException {
        List<String> command = user.command(
                List.of(
                        binaries.resolve("bin/initdb").toString(),
                        "--pgdata=" + fresh,
                        "--username=" + EmbeddedDatabase.SUPERUSER,
                        "--auth=scram-sha-256",
                        "--pwfile=" + passwordFile,
                        "--encoding=UTF8",
                        "--no-locale"),
                true);
        long logStart = Files.exists(log) ? Files.size(log) : 0;
        Process initdb = new ProcessBuilder(command)
                .directory(directory.toFile())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .start();
        try {
            if (!initdb.waitFor(5, TimeUnit.MINUTES) || initdb.exitValue() != 0) {
                initdb.destroyForcibly();
                throw new EmbeddedDatabaseException("initdb failed in " + fresh + ": " + LogTail.of(log, logStart));
            }
        } catch (InterruptedException e) {
            initdb.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new EmbeddedDatabaseException("interrupted while initdb ran in " + fresh);
        }
    }

    private static void deleteIfExists(Path path) throws IOException {
        if (Files.exists(path)) {
            PathUtils.deleteDirectory(path);
        }
    }
}
