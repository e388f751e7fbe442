package io.railscope.api;

import io.railscope.read.CellFabric;
import io.railscope.read.CellReads;
import io.railscope.read.FabricTier;
import io.railscope.read.SwitchDetail;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.time.Instant;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;

/** A cell's fabric as JSON: its switches, and what its unhealthy rail ports are blamed on. */
@Path("/api/v1/cells/{cell}/fabric")
@Produces(MediaType.APPLICATION_JSON)
public class FabricResource {

    /** One blame: the component, what its ports show, the nodes behind it, and since when it has held. */
    public record BlameResponse(
            String kind,
            String component,
            int rail,
            String symptom,
            int ports,
            List<String> nodes,
            String evidence,
            Instant since) {}

    /** A rail port cabled to another rail's leaf, and since when. */
    public record MiswiredResponse(
            String node,
            int rail,
            String device,
            String actualSwitch,
            int actualSwitchRail,
            String expectedSwitch,
            Instant since) {}

    /** The cell's fabric at its last collection. */
    public record FabricResponse(
            String cell,
            int switches,
            int cabledPorts,
            List<FabricTier> tiers,
            List<BlameResponse> blames,
            List<MiswiredResponse> miswired) {}

    /**
     * One switch: its tier (0 leaf, 1 spine, …; -1 unknown), the switches above and below it, the cables of the host
     * ports below it and what is blamed on it.
     */
    public record SwitchResponse(
            String cell,
            String name,
            int tier,
            List<String> above,
            List<String> below,
            List<SwitchDetail.Port> ports,
            List<BlameResponse> blames) {}

    private final CellReads reads;

    public FabricResource(CellReads reads) {
        this.reads = reads;
    }

    @GET
    @Path("switches/{switch}")
    @Operation(
            summary =
                    "One switch of the cell: its tier, the switches above and below it, every host port below it (both"
                            + " ends of each cable, and where the cable was learned), and what is blamed on it")
    public SwitchResponse fabricSwitch(@PathParam("cell") String cell, @PathParam("switch") String name) {
        SwitchDetail detail = reads.fabricSwitch(cell, name)
                .orElseThrow(() -> new NotFoundException("no rail port of cell " + cell + " is cabled to " + name));
        return new SwitchResponse(
                cell,
                name,
                detail.tier(),
                detail.above(),
                detail.below(),
                detail.ports(),
                detail.blames().stream().map(FabricResource::blame).toList());
    }

    @GET
    @Operation(
            summary =
                    "What the cell's unhealthy rail ports are blamed on (a leaf, a spine, a rail, a node or a link), switches"
                            + " first, with the evidence and since when; and the rail ports cabled to another rail's leaf")
    public FabricResponse fabric(@PathParam("cell") String cell) {
        CellFabric fabric = reads.cell(cell)
                .map(details -> details.fabric())
                .orElseThrow(() -> new NotFoundException("no cell named " + cell));
        return new FabricResponse(
                cell,
                fabric.switches(),
                fabric.cabledPorts(),
                fabric.tiers(),
                fabric.blames().stream().map(FabricResource::blame).toList(),
                fabric.miswired().stream()
                        .map(miswired -> new MiswiredResponse(
                                miswired.port().node(),
                                miswired.port().rail(),
                                miswired.port().device(),
                                miswired.port().actualSwitch(),
                                miswired.port().actualSwitchRail(),
                                miswired.port().expectedSwitch(),
                                miswired.since()))
                        .toList());
    }

    private static BlameResponse blame(CellFabric.Blamed blamed) {
        return new BlameResponse(
                blamed.blame().kind().label(),
                blamed.blame().component(),
                blamed.blame().rail(),
                blamed.blame().symptom().label(),
                blamed.blame().ports(),
                blamed.blame().nodes(),
                blamed.blame().evidence(),
                blamed.since());
    }
}
