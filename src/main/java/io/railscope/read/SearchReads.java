package io.railscope.read;

import java.util.List;

/**
 * Finds what an SRE types: an IPv4 address (the node block, backend or Service pool, or leaked
 * allocation that owns it), or part of a node, pod, job, pool or cell name. Exact names come first.
 */
public interface SearchReads {

    List<SearchHit> search(String query);
}
