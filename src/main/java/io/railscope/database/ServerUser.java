package io.railscope.database;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The operating-system user PostgreSQL runs as. PostgreSQL refuses to run as root ({@code initdb: cannot be run as
 * root}); when this process is root, the server runs as an unprivileged system user, created when missing, and owns
 * its data directory. Otherwise it runs as this process's own user.
 */
final class ServerUser {

    private static final Path SETPRIV = Path.of("/usr/bin/setpriv");

    private final String name;
    private final int uid;
    private final int gid;
    private final boolean switched;

    private ServerUser(String name, int uid, int gid, boolean switched) {
        this.name = name;
        this.uid = uid;
        this.gid = gid;
        this.switched = switched;
    }

    /** This process's user, or {@code unprivileged} (created when missing) when this process is root. */
    static ServerUser forThisProcess(String unprivileged) {
        if (!thisProcessIsRoot()) {
            return new ServerUser(System.getProperty("user.name"), -1, -1, false);
        }
        if (id(unprivileged, "-u") == null) {
            create(unprivileged);
        }
        Integer uid = id(unprivileged, "-u");
        Integer gid = id(unprivileged, "-g");
        if (uid == null || gid == null) {
            throw new EmbeddedDatabaseException("Railscope runs as root and PostgreSQL refuses to: it runs its own"
                    + " PostgreSQL as the unprivileged user '" + unprivileged + "', which does not exist and could"
                    + " not be created (useradd --system); create that user, or set railscope.database.user to an"
                    + " existing one, or configure quarkus.datasource.jdbc.url");
        }
        if (uid == 0) {
            throw new EmbeddedDatabaseException("railscope.database.user '" + unprivileged
                    + "' is root, and PostgreSQL refuses to run as root: name an unprivileged user");
        }
        return new ServerUser(unprivileged, uid, gid, true);
    }

    /** Whether this process runs as root: its uid, where /proc says it, else its user's name. */
    static boolean thisProcessIsRoot() {
        try {
            return (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid") == 0;
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return "root".equals(System.getProperty("user.name"));
        }
    }

    String name() {
        return name;
    }

    /** Whether the server runs as another user than this process's. */
    boolean switched() {
        return switched;
    }

    /**
     * {@code command} as it runs for this user; with {@code endsWithCaller}, and where {@link #endsWithCaller()}, the
     * process is also sent SIGINT (PostgreSQL's fast shutdown; initdb cleans up on it) when the thread that starts it
     * ends, so that it ends with Railscope even after kill -9.
     */
    List<String> command(List<String> command, boolean endsWithCaller) {
        if (switched && !Files.isExecutable(SETPRIV)) {
            throw new EmbeddedDatabaseException(
                    "Railscope runs as root and needs " + SETPRIV + " (util-linux) to run PostgreSQL as " + name);
        }
        boolean deathSignal = endsWithCaller && endsWithCaller();
        List<String> wrapped = new ArrayList<>();
        if (switched || deathSignal) {
            wrapped.add(SETPRIV.toString());
            if (switched) {
                wrapped.addAll(List.of("--reuid=" + uid, "--regid=" + gid, "--clear-groups"));
            }
            if (deathSignal) {
                wrapped.addAll(List.of("--pdeathsig", "INT"));
            }
            wrapped.add("--");
        }
        wrapped.addAll(command);
        return wrapped;
    }

    /** Whether processes can be told to end with the thread that starts them: setpriv with --pdeathsig (util-linux 2.33). */
    boolean endsWithCaller() {
        return DeathSignal.AVAILABLE;
    }

    private static final class DeathSignal {
        static final boolean AVAILABLE = Files.isExecutable(SETPRIV)
                && Optional.ofNullable(run(List.of(SETPRIV.toString(), "--help")))
                        .map(help -> help.contains("--pdeathsig"))
                        .orElse(false);
    }

    /** Gives {@code path} to this user, alone ({@code rwx------}), as PostgreSQL wants its data directory. */
    void own(Path path) throws IOException {
        if (switched) {
            Files.setAttribute(path, "unix:uid", uid);
            Files.setAttribute(path, "unix:gid", gid);
        }
        Files.setPosixFilePermissions(
                path,
                Set.of(
                        PosixFilePermission.OWNER_READ,
                        PosixFilePermission.OWNER_WRITE,
                        PosixFilePermission.OWNER_EXECUTE));
    }

    /**
     * Gives back to this user a data directory another uid owns (the user removed and created again under another
     * uid): PostgreSQL refuses to start on a data directory it does not own.
     */
    void reclaim(Path data) throws IOException {
        if (!switched || (Integer) Files.getAttribute(data, "unix:uid") == uid) {
            return;
        }
        try (Stream<Path> tree = Files.walk(data)) {
            for (Path path : (Iterable<Path>) tree::iterator) {
                Files.setAttribute(path, "unix:uid", uid, LinkOption.NOFOLLOW_LINKS);
                Files.setAttribute(path, "unix:gid", gid, LinkOption.NOFOLLOW_LINKS);
            }
        }
    }

    /** Refuses a directory this user cannot reach: one of its parents is not searchable by it (such as /root). */
    void checkCanReach(Path directory) throws IOException {
        if (!switched) {
            return;
        }
        for (Path step = directory.toAbsolutePath(); step != null; step = step.getParent()) {
            if (!searchable(step)) {
                throw new EmbeddedDatabaseException("PostgreSQL runs as the unprivileged user '" + name
                        + "', which cannot reach " + directory + " (" + step + " is not searchable by it):"
                        + " set railscope.database.directory to a directory outside it");
            }
        }
    }

    private boolean searchable(Path path) throws IOException {
        PosixFileAttributes attributes = Files.readAttributes(path, PosixFileAttributes.class);
        Set<PosixFilePermission> permissions = attributes.permissions();
        if ((Integer) Files.getAttribute(path, "unix:uid") == uid) {
            return permissions.contains(PosixFilePermission.OWNER_EXECUTE);
        }
        if ((Integer) Files.getAttribute(path, "unix:gid") == gid) {
            return permissions.contains(PosixFilePermission.GROUP_EXECUTE);
        }
        return permissions.contains(PosixFilePermission.OTHERS_EXECUTE);
    }

    private static Integer id(String user, String which) {
        String out = run(List.of("id", which, user));
        try {
            return out == null ? null : Integer.valueOf(out.trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static void create(String user) {
        run(List.of(
                "useradd",
                "--system",
                "--user-group",
                "--no-create-home",
                "--home-dir",
                "/nonexistent",
                "--shell",
                "/usr/sbin/nologin",
                "--comment",
                "Railscope's own PostgreSQL",
                user));
    }

    /** The command's output when it succeeded, else null. */
    private static String run(List<String> command) {
        try {
            Process process =
                    new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return null;
            }
            return process.exitValue() == 0 ? out : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
