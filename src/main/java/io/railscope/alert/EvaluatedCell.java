package io.railscope.alert;

import java.time.Instant;

/** A cell locked for one evaluation of its alerts: its row id, and when its alerts were last evaluated (null: never). */
public record EvaluatedCell(int id, Instant evaluatedAt) {}
