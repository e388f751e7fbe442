package io.railscope.config;

import io.quarkus.runtime.configuration.DurationConverter;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

/** A cell named {@code edge} as Railscope's configuration mapping reads it from these keys. */
final class ConfiguredCells {

    private ConfiguredCells() {}

    /** @param keys {@code key=value} pairs under {@code railscope.cells.edge.}, separated by {@code ;} */
    static CellSettings cell(String keys) {
        Map<String, String> properties = new HashMap<>();
        for (String key : keys.split(";")) {
            String[] pair = key.strip().split("=", 2);
            properties.put("railscope.cells.edge." + pair[0], pair[1]);
        }
        return cell(properties);
    }

    static CellSettings cell(Map<String, String> properties) {
        SmallRyeConfig config = new SmallRyeConfigBuilder()
                .withSources(new PropertiesConfigSource(properties, "test", 100))
                .withConverter(Duration.class, 200, new DurationConverter())
                .withMapping(RailscopeConfig.class)
                .build();
        return new Fleet(config.getConfigMapping(RailscopeConfig.class))
                .cell("edge")
                .orElseThrow();
    }
}
