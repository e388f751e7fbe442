package io.railscope.source;

import java.util.List;

/** A snapshot that carries problems met while reading it which did not fail its source; shown with the source's status. */
public interface SourceProblems {

    /** The problems, each a sentence naming what was wrong; empty when there were none. */
    List<String> problems();
}
