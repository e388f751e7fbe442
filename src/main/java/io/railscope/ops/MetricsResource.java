package io.railscope.ops;

import io.prometheus.client.exporter.common.TextFormat;
import io.railscope.telemetry.SelfMetrics;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import java.io.IOException;
import java.io.StringWriter;

/** Railscope's own metrics in the Prometheus text format. */
@Path("/metrics")
public class MetricsResource {

    private final SelfMetrics metrics;

    public MetricsResource(SelfMetrics metrics) {
        this.metrics = metrics;
    }

    @GET
    @Produces(TextFormat.CONTENT_TYPE_004)
    public String metrics() throws IOException {
        StringWriter out = new StringWriter(16 * 1024);
        TextFormat.write004(out, metrics.registry().metricFamilySamples());
        return out.toString();
    }
}
