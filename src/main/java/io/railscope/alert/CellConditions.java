package io.railscope.alert;

import io.railscope.model.PagePaths;
import io.railscope.model.Plane;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The conditions found in one evaluation of a cell: each labelled with the cell and linked to its page. */
final class CellConditions {

    private final String externalUrl;
    private final String cell;
    private final List<AlertCondition> found = new ArrayList<>();

    CellConditions(String externalUrl, String cell) {
        this.externalUrl = externalUrl;
        this.cell = cell;
    }

    String cellPage() {
        return PagePaths.cell(cell);
    }

    String nodePage(String node) {
        return PagePaths.node(cell, node);
    }

    String poolPage(Plane plane, String pool) {
        return PagePaths.pool(cell, plane, pool);
    }

    String jobPage(String namespace, String job) {
        return PagePaths.job(cell, namespace, job);
    }

    String isolationPage() {
        return PagePaths.isolation(cell);
    }

    void add(AlertCondition condition) {
        found.add(condition);
    }

    List<AlertCondition> all() {
        return found;
    }

    AlertCondition condition(
            String alertname,
            Severity severity,
            String page,
            String summary,
            String description,
            String... labelPairs) {
        Map<String, String> labels = new LinkedHashMap<>();
        labels.put("alertname", alertname);
        labels.put("severity", severity.label());
        labels.put("cell", cell);
        for (int i = 0; i + 1 < labelPairs.length; i += 2) {
            if (labelPairs[i + 1] != null && !labelPairs[i + 1].isEmpty()) {
                labels.put(labelPairs[i], labelPairs[i + 1]);
            }
        }
        return new AlertCondition(
                labels,
                Map.of("summary", summary, "description", description == null ? "" : description),
                externalUrl + page);
    }
}
