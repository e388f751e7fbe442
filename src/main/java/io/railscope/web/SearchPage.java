package io.railscope.web;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.railscope.read.SearchHit;
import io.railscope.read.SearchReads;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.List;

/** The search box's answers: nodes, pods, IPs, jobs, pools and cells. */
@Path("/search")
@Produces(MediaType.TEXT_HTML)
public class SearchPage {

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance search(String q, List<SearchHit> hits);
    }

    private final SearchReads reads;

    public SearchPage(SearchReads reads) {
        this.reads = reads;
    }

    @GET
    public TemplateInstance search(@QueryParam("q") String q) {
        return Templates.search(q == null ? "" : q, reads.search(q));
    }
}
