package io.railscope.ops;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.railscope.TestDatabases;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Points the test's datasource at a {@link DatabaseProxy} in front of the test database, and hands the proxy to the test. */
public class DatabaseBehindProxy implements QuarkusTestResourceLifecycleManager {

    private static final Pattern URL = Pattern.compile("jdbc:postgresql://([^:/]+)(?::(\\d+))?/(.+)");

    private DatabaseProxy proxy;

    @Override
    public Map<String, String> start() {
        String url = TestDatabases.url("railscope_test");
        Matcher parts = URL.matcher(url);
        if (!parts.matches()) {
            throw new IllegalStateException("not a PostgreSQL JDBC URL: " + url);
        }
        try {
            proxy = new DatabaseProxy(parts.group(1), parts.group(2) == null ? 5432 : Integer.parseInt(parts.group(2)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String proxied = "jdbc:postgresql://127.0.0.1:" + proxy.port() + "/" + parts.group(3);
        return Map.of("quarkus.datasource.jdbc.url", proxied, "%test.quarkus.datasource.jdbc.url", proxied);
    }

    @Override
    public void inject(TestInjector injector) {
        injector.injectIntoFields(proxy, new TestInjector.MatchesType(DatabaseProxy.class));
    }

    @Override
    public void stop() {
        try {
            proxy.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
