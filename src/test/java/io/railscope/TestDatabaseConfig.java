package io.railscope;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.eclipse.microprofile.config.spi.ConfigSource;

/**
 * Points the Quarkus tests' datasource at the database {@link TestDatabases} prepared, just above application.properties:
 * a test resource (a relay in front of it) or _TEST_QUARKUS_DATASOURCE_JDBC_URL still points it elsewhere.
 */
public class TestDatabaseConfig implements ConfigSource {

    @Override
    public Map<String, String> getProperties() {
        Map<String, String> properties = new HashMap<>();
        String server = System.getProperty(TestDatabases.SERVER);
        if (server != null) {
            properties.put("quarkus.datasource.jdbc.url", server + "railscope_test");
            properties.put("quarkus.datasource.username", System.getProperty(TestDatabases.USERNAME));
            properties.put("quarkus.datasource.password", System.getProperty(TestDatabases.PASSWORD));
        }
        return properties;
    }

    @Override
    public Set<String> getPropertyNames() {
        return getProperties().keySet();
    }

    @Override
    public String getValue(String propertyName) {
        return getProperties().get(propertyName);
    }

    @Override
    public String getName() {
        return "the tests' database";
    }

    @Override
    public int getOrdinal() {
        return 260;
    }
}
