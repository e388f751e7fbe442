package io.railscope.model;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * The paths of Railscope's pages, one home for every link Railscope writes outside its templates (alerts' generator
 * URLs, search hits): each name from a cluster is one encoded path segment.
 */
public final class PagePaths {

    private PagePaths() {}

    public static String cell(String cell) {
        return "/cells/" + segment(cell);
    }

    public static String node(String cell, String node) {
        return cell(cell) + "/nodes/" + segment(node);
    }

    public static String pool(String cell, Plane plane, String pool) {
        return cell(cell) + "/pools/" + plane.name().toLowerCase(Locale.ROOT) + "/" + segment(pool);
    }

    public static String job(String cell, String namespace, String job) {
        return cell(cell) + "/jobs/" + segment(namespace) + "/" + segment(job);
    }

    public static String isolation(String cell) {
        return cell(cell) + "/isolation";
    }

    /** The cell page's IPAM section. */
    public static String ipam(String cell) {
        return cell(cell) + "#ipam";
    }

    /** One path segment: encoded so that a name with a slash, a space or markup stays one segment of text. */
    public static String segment(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
