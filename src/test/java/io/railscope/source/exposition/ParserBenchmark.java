package io.railscope.source.exposition;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/** Runs {@link ParserThroughput} with JMH in this JVM: {@code ./mvnw -B -Pbench test -Dtest=ParserBenchmark}. */
@Tag("bench")
class ParserBenchmark {

    @Test
    void parserAgainstLineSplitting() throws Exception {
        Collection<RunResult> results = new Runner(new OptionsBuilder()
                        .include(ParserThroughput.class.getName())
                        .forks(0)
                        .warmupIterations(3)
                        .warmupTime(TimeValue.seconds(2))
                        .measurementIterations(5)
                        .measurementTime(TimeValue.seconds(2))
                        .build())
                .run();
        StringBuilder text = new StringBuilder();
        double split = 0;
        for (RunResult result : results) {
            String name = result.getParams().getBenchmark().replaceAll(".*\\.", "");
            double score = result.getPrimaryResult().getScore();
            if (name.equals("splitIntoLines")) {
                split = score;
            }
            text.append(String.format(
                    "%-24s %,12.0f pages/s ± %,.0f%n",
                    name, score, result.getPrimaryResult().getScoreError()));
        }
        for (RunResult result : results) {
            String name = result.getParams().getBenchmark().replaceAll(".*\\.", "");
            if (!name.equals("splitIntoLines") && split > 0) {
                text.append(String.format(
                        "%s / splitIntoLines = %.2f%n",
                        name, result.getPrimaryResult().getScore() / split));
            }
        }
        System.out.println("\n==== Railscope parser benchmark ====\n" + text);
        Files.createDirectories(Path.of("target", "bench"));
        Files.writeString(Path.of("target", "bench", "parser.txt"), text);
    }
}
