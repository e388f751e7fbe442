package io.railscope.web;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.railscope.model.IpamPlan;
import io.railscope.store.IpamReads;
import io.railscope.store.PoolHeadroomRow;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
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
        static native TemplateInstance planner(int nodes, int podsPerNode, int surgePercent, String cell, IpamPlan plan, String error,
                PoolHeadroomRow primary);
    }

    private final IpamReads reads;

    public PlannerPage(IpamReads reads) {
        this.reads = reads;
    }

    @GET
    public TemplateInstance planner(@QueryParam("nodes") Integer nodes, @QueryParam("podsPerNode") Integer podsPerNode,
            @QueryParam("surge") Integer surgePercent, @QueryParam("cell") String cell) {
        Optional<PoolHeadroomRow> primary = Optional.ofNullable(cell).filter(name -> !name.isBlank())
                .flatMap(name -> reads.cell(name, 0))
                .flatMap(ipam -> ipam.pools().stream().filter(pool -> "PRIMARY".equals(pool.plane())).findFirst());
        int n = nodes != null ? nodes : primary.map(pool -> (int) Math.max(1, pool.blocksUsed())).orElse(10_000);
        int pods = podsPerNode != null ? podsPerNode : 48;
        int surge = surgePercent != null ? surgePercent : 25;
        IpamPlan plan = null;
        String error = null;
        if (n < 1 || n > 1_000_000 || pods < 1 || pods > 10_000 || surge < 0 || surge > 1000) {
            error = "nodes must be 1 to 1,000,000, pods per node 1 to 10,000, surge 0 to 1,000 %";
        } else {
            plan = new IpamPlan(n, pods, surge / 100.0, RESERVED);
            if (plan.clusterPrefix() < 1) {
                error = "no IPv4 pool is large enough for " + n + " nodes of /" + plan.blockPrefix();
                plan = null;
            }
        }
        return Templates.planner(n, pods, surge, cell == null ? "" : cell, plan, error, primary.orElse(null));
    }
}
