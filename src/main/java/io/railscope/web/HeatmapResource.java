package io.railscope.web;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.railscope.config.Fleet;
import io.railscope.http.Paging;
import io.railscope.read.HeatmapCells;
import io.railscope.read.NodeDetail;
import io.railscope.read.PortState;
import io.railscope.read.RailReads;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import javax.imageio.ImageIO;

/**
 * The rail heatmap of a cell: one PNG image with a pixel per node and rail (96,000 ports are one
 * element, not 96,000), and the detail of the port under a click.
 */
@Path("/cells/{cell}/heatmap")
public class HeatmapResource {

    private static final int[] COLORS = {0x1a7f37, 0xd4a72c, 0xcf222e, 0xd0d7de};

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance port(String cell, String node, int rail, PortState port);
    }

    private final RailReads reads;
    private final Fleet fleet;

    public HeatmapResource(RailReads reads, Fleet fleet) {
        this.reads = reads;
        this.fleet = fleet;
    }

    @GET
    @Path("image.png")
    @Produces("image/png")
    public byte[] image(@PathParam("cell") String cell) {
        HeatmapCells cells = reads.heatmap(cell, rails(cell));
        HeatmapLayout layout = new HeatmapLayout(cells.nodes().size(), cells.rails());
        BufferedImage image = new BufferedImage(layout.width(), layout.height(), BufferedImage.TYPE_INT_RGB);
        for (int y = 0; y < layout.height(); y++) {
            for (int x = 0; x < layout.width(); x++) {
                int node = layout.nodeAt(x, y);
                image.setRGB(x, y, node < 0 ? 0xffffff : COLORS[cells.code(node, layout.railAt(y))]);
            }
        }
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        try {
            ImageIO.write(image, "png", png);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return png.toByteArray();
    }

    /** The port at a node index and rail, as the heatmap's click shows it. */
    @GET
    @Path("port")
    @Produces(MediaType.TEXT_HTML)
    public TemplateInstance port(
            @PathParam("cell") String cell, @QueryParam("x") String xParameter, @QueryParam("y") String yParameter) {
        int x = Paging.count("x", xParameter, 0, 0, Integer.MAX_VALUE);
        int y = Paging.count("y", yParameter, 0, 0, Integer.MAX_VALUE);
        HeatmapLayout layout = new HeatmapLayout(reads.nodeCount(cell), rails(cell));
        int index = layout.nodeAt(x, y);
        String node = index < 0 ? null : reads.nodeAt(cell, index).orElse(null);
        if (node == null) {
            throw new NotFoundException("no port at " + x + "," + y);
        }
        int rail = layout.railAt(y);
        NodeDetail detail =
                reads.node(cell, node, Duration.ZERO).orElseThrow(() -> new NotFoundException("no node " + node));
        PortState port = detail.ports().stream()
                .filter(p -> p.rail() == rail)
                .findFirst()
                .orElse(null);
        return Templates.port(cell, node, rail, port);
    }

    private int rails(String cell) {
        return fleet.cell(cell).map(settings -> settings.railDevices().size()).orElse(8);
    }
}
