package io.railscope.web;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.railscope.model.IpamPlan;
import io.railscope.model.Plane;
import io.railscope.read.IpamReads;
import io.railscope.read.PoolState;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.Optional;

/**
 * The IPAM planner: nodes, pods per node and surge give the per-node mask and the cluster pool
 * needed; for an existing cell, how many nodes can still join and what its pool would hold at the
 * planned mask.
 */
@Path("/ipam/planner")
@Produces(MediaType.TEXT_HTML)
public class PlannerPage {

    /** Addresses of each block the CNI keeps (Cilium: two). */
    static final int RESERVED = 2;

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance planner(
                int nodes,
                int podsPerNode,
                int surgePercent,
                String cell,
                IpamPlan plan,
                String error,
                PoolState primary);
    }

    private final IpamReads reads;

    public PlannerPage(IpamReads reads) {
        this.reads = reads;
    }

    /** The planner; a number that is no whole number answers 400 with the form and what was wrong, a number out of range 200 with it. */
    @GET
    public Response planner(
            @QueryParam("nodes") String nodesParameter,
            @QueryParam("podsPerNode") String podsParameter,
            @QueryParam("surge") String surgeParameter,
            @QueryParam("cell") String cell) {
        Optional<PoolState> primary = Optional.ofNullable(cell)
                .filter(name -> !name.isBlank())
                .flatMap(name -> reads.cell(name, 0))
                .flatMap(ipam -> ipam.pools().stream()
                        .filter(pool -> pool.usage().plane() == Plane.PRIMARY)
                        .findFirst());
        int n = primary.map(pool -> (int) Math.max(1, pool.usage().blocksUsed()))
                .orElse(10_000);
        int pods = 48;
        int surge = 25;
        String error = null;
        try {
            n = whole(nodesParameter, n);
            pods = whole(podsParameter, pods);
            surge = whole(surgeParameter, surge);
        } catch (NumberFormatException e) {
            error = "nodes, pods per node and surge are whole numbers: " + e.getMessage();
        }
        IpamPlan plan = null;
        if (error != null) {
            return Response.status(Response.Status.BAD_REQUEST)
                    .type(MediaType.TEXT_HTML)
                    .entity(Templates.planner(
                                    n, pods, surge, cell == null ? "" : cell, null, error, primary.orElse(null))
                            .render())
                    .build();
        }
        if (n < 1 || n > 1_000_000 || pods < 1 || pods > 10_000 || surge < 0 || surge > 1000) {
            error = "nodes must be 1 to 1,000,000, pods per node 1 to 10,000, surge 0 to 1,000 %";
        } else {
            plan = new IpamPlan(n, pods, surge / 100.0, RESERVED);
            if (plan.clusterPrefix() < 1) {
                error = "no IPv4 pool is large enough for " + n + " nodes of /" + plan.blockPrefix();
                plan = null;
            }
        }
        return Response.ok(
                        Templates.planner(n, pods, surge, cell == null ? "" : cell, plan, error, primary.orElse(null))
                                .render(),
                        MediaType.TEXT_HTML)
                .build();
    }

    private static int whole(String value, int absent) {
        if (value == null || value.isBlank()) {
            return absent;
        }
        try {
            return Integer.parseInt(value.strip());
        } catch (NumberFormatException e) {
            throw new NumberFormatException(
                    "not '" + (value.length() > 40 ? value.substring(0, 40) + "…" : value) + "'");
        }
    }
}
