package io.railscope.read;

import io.railscope.model.PagePaths;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Finds what an SRE types: an IPv4 address (the node block, backend or Service pool, or leaked allocation that owns
 * it), or part of a node, pod, job, pool or cell name. Exact names come first. Each hit says why it matched and links
 * its page.
 */
@ApplicationScoped
public class SearchQueries implements SearchReads {

    private static final Pattern IPV4 =
            Pattern.compile("(25[0-5]|2[0-4]\\d|1?\\d?\\d)(\\.(25[0-5]|2[0-4]\\d|1?\\d?\\d)){3}");
    private static final int PER_KIND = 20;

    private final Snapshots snapshots;

    public SearchQueries(Snapshots snapshots) {
        this.snapshots = snapshots;
    }

    @Override
    public List<SearchHit> search(String query) {
        String q = query == null ? "" : query.strip();
        if (q.isEmpty() || q.length() > 253) {
            return List.of();
        }
        return snapshots.read(
                snapshot -> IPV4.matcher(q).matches() ? address(snapshot.search(), q) : names(snapshot.search(), q));
    }

    private static List<SearchHit> address(SearchRows rows, String ip) {
        List<SearchHit> hits = new ArrayList<>();
        for (SearchRows.Block block : rows.blocksHolding(ip, PER_KIND)) {
            hits.add(new SearchHit(
                    SearchHit.Kind.NODE_BLOCK,
                    block.cell(),
                    block.node(),
                    ip + " is in " + block.node() + "'s block " + block.cidr() + " of pool " + block.pool() + " ("
                            + block.used() + " of " + block.capacity() + " used)",
                    PagePaths.node(block.cell(), block.node())));
        }
        for (SearchRows.PoolCidr pool : rows.poolCidrsHolding(ip, PER_KIND)) {
            hits.add(new SearchHit(
                    SearchHit.Kind.poolOf(pool.plane()),
                    pool.cell(),
                    pool.pool(),
                    ip + " is in " + pool.cidr() + (pool.rail() == null ? "" : " (rail " + pool.rail() + ")"),
                    PagePaths.pool(pool.cell(), pool.plane(), pool.pool())));
        }
        for (SearchRows.Leak leak : rows.leaksOf(ip, PER_KIND)) {
            hits.add(new SearchHit(
                    SearchHit.Kind.LEAKED_ADDRESS,
                    leak.cell(),
                    ip,
                    "allocated in " + leak.pool() + " to " + leak.podref() + ", a pod that no longer exists",
                    PagePaths.ipam(leak.cell())));
        }
        return hits;
    }

    private static List<SearchHit> names(SearchRows rows, String q) {
        List<SearchHit> hits = new ArrayList<>();
        for (SearchRows.Node node : rows.nodesNamed(q, PER_KIND)) {
            hits.add(new SearchHit(
                    SearchHit.Kind.NODE,
                    node.cell(),
                    node.node(),
                    node.pool() == null ? "" : "pool " + node.pool(),
                    PagePaths.node(node.cell(), node.node())));
        }
        for (SearchRows.JobPod pod : rows.jobPodsNamed(q, PER_KIND)) {
            hits.add(new SearchHit(
                    SearchHit.Kind.POD,
                    pod.cell(),
                    pod.pod(),
                    "of job " + pod.namespace() + "/" + pod.job() + (pod.node() == null ? "" : " on " + pod.node()),
                    PagePaths.job(pod.cell(), pod.namespace(), pod.job())));
        }
        for (SearchRows.StuckPod pod : rows.stuckPodsNamed(q, PER_KIND)) {
            hits.add(new SearchHit(
                    SearchHit.Kind.STUCK_POD,
                    pod.cell(),
                    pod.namespace() + "/" + pod.pod(),
                    "waiting for an address" + (pod.node() == null ? "" : " on " + pod.node()),
                    PagePaths.ipam(pod.cell())));
        }
        for (SearchRows.Job job : rows.jobsNamed(q, PER_KIND)) {
            hits.add(new SearchHit(
                    SearchHit.Kind.JOB,
                    job.cell(),
                    job.namespace() + "/" + job.job(),
                    job.verdict(),
                    PagePaths.job(job.cell(), job.namespace(), job.job())));
        }
        for (SearchRows.Pool pool : rows.poolsNamed(q, PER_KIND)) {
            hits.add(new SearchHit(
                    SearchHit.Kind.poolOf(pool.plane()),
                    pool.cell(),
                    pool.pool(),
                    pool.health(),
                    PagePaths.pool(pool.cell(), pool.plane(), pool.pool())));
        }
        for (String cell : rows.cellsNamed(q, PER_KIND)) {
            hits.add(new SearchHit(SearchHit.Kind.CELL, cell, cell, "", PagePaths.cell(cell)));
        }
        return hits;
    }
}
