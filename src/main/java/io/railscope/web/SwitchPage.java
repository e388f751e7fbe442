package io.railscope.web;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.railscope.read.CellReads;
import io.railscope.read.SwitchDetail;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** One switch of a cell: what is blamed on it, and every host port cabled to it, both ends of each cable. */
@Path("/cells/{cell}/switches/{switch}")
@Produces(MediaType.TEXT_HTML)
public class SwitchPage {

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance fabricSwitch(SwitchDetail detail);
    }

    private final CellReads reads;

    public SwitchPage(CellReads reads) {
        this.reads = reads;
    }

    @GET
    public TemplateInstance fabricSwitch(@PathParam("cell") String cell, @PathParam("switch") String name) {
        return Templates.fabricSwitch(reads.fabricSwitch(cell, name)
                .orElseThrow(() -> new NotFoundException("no rail port of cell " + cell + " is cabled to " + name)));
    }
}
