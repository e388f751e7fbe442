package io.railscope.audit;

import io.railscope.model.IsolationCheck;
import io.railscope.source.IsolationObjects.PodSecurity;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;

/** Findings about pods, and the words they are said in: a count of pods and a few of their names. */
final class PodFindings {

    /** How many pods a finding names. */
    static final int EXAMPLES = 3;

    private PodFindings() {}

    /** One finding per controller (or bare pod), with the first pod's reason and a few pod names. */
    static List<IsolationFinding> grouped(
            IsolationCheck check, List<PodSecurity> pods, Function<PodSecurity, String> reason) {
        Map<String, List<PodSecurity>> bySubject = pods.stream()
                .sorted(Comparator.comparing(PodSecurity::namespace).thenComparing(PodSecurity::name))
                .collect(Collectors.groupingBy(PodSecurity::subject, TreeMap::new, Collectors.toList()));
        List<IsolationFinding> findings = new ArrayList<>();
        bySubject.forEach((object, group) -> findings.add(new IsolationFinding(
                check,
                group.get(0).namespace(),
                object,
                single(group),
                group.size(),
                reason.apply(group.get(0)) + " on " + pods(group.size()) + " (" + examples(group) + ").")));
        return findings;
    }

    /** The node of all the pods, or null when they run on several. */
    static String single(List<PodSecurity> pods) {
        String node = pods.get(0).node();
        return pods.stream().allMatch(pod -> Objects.equals(pod.node(), node)) ? node : null;
    }

    static String pods(int count) {
        return count + (count == 1 ? " pod" : " pods");
    }

    static String examples(List<PodSecurity> pods) {
        return pods.stream().limit(EXAMPLES).map(PodSecurity::name).collect(Collectors.joining(", "))
                + (pods.size() > EXAMPLES ? ", …" : "");
    }
}
