package io.railscope.web;

import io.quarkus.qute.CheckedTemplate;
import io.quarkus.qute.TemplateInstance;
import io.railscope.alert.AlertState;
import io.railscope.alert.AlertStore;
import io.railscope.alert.StoredAlert;
import io.railscope.model.Matcher;
import io.railscope.model.Silence;
import io.railscope.notify.AlertmanagerPush;
import io.railscope.notify.NotificationStore;
import io.railscope.notify.OutboxEntry;
import io.railscope.notify.Silences;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.regex.Pattern;

/** Alerts (firing, pending, silenced, recently resolved, time to resolve, deliveries) and silences. */
@Path("/")
@Produces(MediaType.TEXT_HTML)
public class AlertsPage {

    /** The longest silence the form creates: ten years. */
    private static final double MAX_HOURS = 87_600;

    /** An alert row: the alert, whether a silence mutes it, and how long it has fired. */
    public record AlertRow(StoredAlert alert, boolean silenced, String duration) {}

    /** Mean time to resolve of one alertname. */
    public record Mttr(String alertname, long firings, String mean) {}

    @CheckedTemplate
    static class Templates {
        static native TemplateInstance alerts(
                List<AlertRow> firing,
                List<AlertRow> silenced,
                List<AlertRow> pending,
                List<AlertRow> resolved,
                List<Mttr> mttr,
                List<OutboxEntry> notifications,
                List<AlertmanagerPush> pushes);

        static native TemplateInstance silences(List<Silence> silences, Instant now, String error, String matchers);
    }

    private final AlertStore alerts;
    private final Silences silences;
    private final NotificationStore notifications;
    private final Clock clock;

    public AlertsPage(AlertStore alerts, Silences silences, NotificationStore notifications, Clock clock) {
        this.clock = clock;
        this.alerts = alerts;
        this.silences = silences;
        this.notifications = notifications;
    }

    @GET
    @Path("alerts")
    public TemplateInstance alerts() {
        Instant now = clock.instant();
        List<Silence> active = silences.recent(now);
        List<AlertRow> firing = new ArrayList<>();
        List<AlertRow> silenced = new ArrayList<>();
        List<AlertRow> pending = new ArrayList<>();
        for (StoredAlert alert : alerts.current(now)) {
            boolean muted = Silence.muted(active, alert.labels(), now);
            AlertRow row = new AlertRow(alert, muted, Formats.duration(alert.firingFor(now)));
            if (alert.state() == AlertState.PENDING) {
                pending.add(row);
            } else if (alert.state() == AlertState.FIRING) {
                (muted ? silenced : firing).add(row);
            }
        }
        List<AlertRow> resolved = alerts.history(null, 100).stream()
                .map(alert -> new AlertRow(alert, false, Formats.duration(alert.firingFor(now))))
                .toList();
        List<Mttr> mttr = alerts.meanTimeToResolve(null).entrySet().stream()
                .map(entry ->
                        new Mttr(entry.getKey(), (long) entry.getValue()[0], Formats.duration(Duration.ofSeconds((long)
                                entry.getValue()[1]))))
                .toList();
        return Templates.alerts(
                firing, silenced, pending, resolved, mttr, notifications.recent(20), notifications.pushes());
    }

    @GET
    @Path("silences")
    public TemplateInstance silences() {
        Instant now = clock.instant();
        return Templates.silences(silences.recent(now), now, null, "");
    }

    /** The form: matchers as {@code name=value}, {@code name!=value}, {@code name=~regex}, {@code name!~regex}, one per line. */
    @POST
    @Path("silences")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Response create(
            @FormParam("matchers") String matchers,
            @FormParam("hours") String hours,
            @FormParam("createdBy") String createdBy,
            @FormParam("comment") String comment) {
        Instant now = clock.instant();
        try {
            double duration = Double.parseDouble(hours == null || hours.isBlank() ? "2" : hours.strip());
            if (!(duration > 0 && duration <= MAX_HOURS)) {
                throw new NumberFormatException();
            }
            silences.create(
                    parse(matchers), now, now.plusSeconds(Math.round(duration * 3600)), createdBy, comment, now);
        } catch (Silences.InvalidSilenceException | NumberFormatException e) {
            String message = e instanceof NumberFormatException
                    ? "hours: a number of hours above 0 and at most " + (long) MAX_HOURS
                    : e.getMessage();
            return Response.status(Response.Status.BAD_REQUEST)
                    .type(MediaType.TEXT_HTML)
                    .entity(Templates.silences(silences.recent(now), now, message, matchers == null ? "" : matchers)
                            .render())
                    .build();
        }
        return Response.seeOther(URI.create("/silences")).build();
    }

    @POST
    @Path("silences/{id}/expire")
    public Response expire(@PathParam("id") UUID id) {
        silences.expire(id, clock.instant());
        return Response.seeOther(URI.create("/silences")).build();
    }

    static List<Matcher> parse(String text) {
        List<Matcher> matchers = new ArrayList<>();
        if (text == null) {
            return matchers;
        }
        int index = 0;
        for (String line : text.split("[\\r\\n]+")) {
            String matcher = line.strip();
            if (matcher.isEmpty()) {
                continue;
            }
            var parts = Pattern.compile("^([^=!~\\s]+)\\s*(=~|!~|!=|=)\\s*\"?(.*?)\"?$")
                    .matcher(matcher);
            if (!parts.matches()) {
                throw new Silences.InvalidSilenceException(
                        "matchers[" + index + "]: write name=value, name!=value, name=~regex or name!~regex");
            }
            String op = parts.group(2);
            matchers.add(new Matcher(parts.group(1), parts.group(3), op.contains("~"), !op.startsWith("!")));
            index++;
        }
        return matchers;
    }
}
