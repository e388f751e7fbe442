package io.railscope.web;

import io.railscope.read.DataVersion;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The most watched pages (fleet, cell and their htmx fragments), rendered at most once per second
 * and again whenever this replica commits: their data changes once per collection and their ages
 * ("collected 3 s ago") once per second, so within a second every wall screen and browser gets the
 * same bytes without a query. Another replica's commit shows within the second.
 */
@ApplicationScoped
public class RenderedPages {

    private record Rendered(long second, long version, String html) {}

    private final Map<String, Rendered> pages = new ConcurrentHashMap<>();
    private final DataVersion version;

    public RenderedPages(DataVersion version) {
        this.version = version;
    }

    public String get(String key, Supplier<String> render) {
        long second = System.currentTimeMillis() / 1000;
        long current = version.current();
        Rendered rendered = pages.get(key);
        if (rendered != null && rendered.second() == second && rendered.version() == current) {
            return rendered.html();
        }
        String html = render.get();
        if (pages.size() > 10_000) {
            pages.clear();
        }
        pages.put(key, new Rendered(second, current, html));
        return html;
    }
}
