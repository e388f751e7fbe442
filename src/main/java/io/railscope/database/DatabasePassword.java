package io.railscope.database;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Base64;

/**
 * The embedded server's superuser password: made once, at random, and kept in a file only this process's user can read.
 * Other local users reach 127.0.0.1 too; a password, not trust, keeps them out.
 */
final class DatabasePassword {

    private DatabasePassword() {}

    static String readOrCreate(Path file) throws IOException {
        if (Files.exists(file)) {
            String password = Files.readString(file, StandardCharsets.UTF_8).trim();
            if (!password.isEmpty()) {
                return password;
            }
        }
        byte[] random = new byte[24];
        new SecureRandom().nextBytes(random);
        String password = Base64.getUrlEncoder().withoutPadding().encodeToString(random);
        Files.deleteIfExists(file);
        Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        Files.writeString(file, password + "\n", StandardCharsets.UTF_8);
        return password;
    }
}
