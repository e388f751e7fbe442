package io.railscope.source.exposition;

import java.util.Arrays;

/** The labels of one sample, in the order they were written. Reused by the parser from sample to sample. */
public final class Labels {

    private String[] names = new String[8];
    private String[] values = new String[8];
    private int size;

    /** Replaces all labels with the given name, value pairs; for sources that emit samples without text. */
    public Labels set(String... namesAndValues) {
        clear();
        for (int i = 0; i + 1 < namesAndValues.length; i += 2) {
            add(namesAndValues[i], namesAndValues[i + 1]);
        }
        return this;
    }

    void clear() {
        size = 0;
    }

    void add(String name, String value) {
        if (size == names.length) {
            names = Arrays.copyOf(names, size * 2);
            values = Arrays.copyOf(values, size * 2);
        }
        names[size] = name;
        values[size] = value;
        size++;
    }

    /** The value of the label, or null. */
    public String get(String name) {
        for (int i = 0; i < size; i++) {
            if (names[i].equals(name)) {
                return values[i];
            }
        }
        return null;
    }

    public int size() {
        return size;
    }

    public String name(int index) {
        return names[index];
    }

    public String value(int index) {
        return values[index];
    }

    @Override
    public String toString() {
        StringBuilder text = new StringBuilder("{");
        for (int i = 0; i < size; i++) {
            text.append(i == 0 ? "" : ",")
                    .append(names[i])
                    .append("=\"")
                    .append(values[i])
                    .append('"');
        }
        return text.append('}').toString();
    }
}
