package io.railscope.read;

/** One search result: what kind of thing, in which cell, its name, why it matched, and its page. */
public record SearchHit(String kind, String cell, String name, String detail, String url) {}
