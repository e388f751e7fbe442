package io.railscope.http;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.deser.std.StdScalarDeserializer;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.datatype.jsr310.deser.InstantDeserializer;
import io.quarkus.jackson.ObjectMapperCustomizer;
import jakarta.inject.Singleton;
import java.io.IOException;
import java.time.DateTimeException;
import java.time.Instant;

/**
 * Every date a request's JSON carries is one PostgreSQL's {@code timestamptz} can hold; any other, however valid in
 * ISO 8601 ({@code +300000-01-01T00:00:00Z}), is a 400 naming its field instead of a failed insert.
 */
@Singleton
public class StorableInstants implements ObjectMapperCustomizer {

    /** The first instant kept: timestamptz starts in November 4713 BC; whole years are what a message states plainly. */
    public static final Instant EARLIEST = Instant.parse("-4711-01-01T00:00:00Z");

    /** The last instant kept: timestamptz ends with 294276 AD. */
    public static final Instant LATEST = Instant.parse("+294275-12-31T23:59:59.999999Z");

    /** Last, so that this reader of instants replaces the one of Jackson's Java time module. */
    @Override
    public int priority() {
        return MINIMUM_PRIORITY;
    }

    @Override
    public void customize(ObjectMapper mapper) {
        mapper.registerModule(new SimpleModule("storable-instants").addDeserializer(Instant.class, new Reader()));
    }

    /** Whether PostgreSQL can store {@code instant}. */
    private static boolean storable(Instant instant) {
        return !instant.isBefore(EARLIEST) && !instant.isAfter(LATEST);
    }

    private static final class Reader extends StdScalarDeserializer<Instant> {

        Reader() {
            super(Instant.class);
        }

        @Override
        public Instant deserialize(JsonParser parser, DeserializationContext context) throws IOException {
            String text = parser.getText();
            if (!parser.hasToken(JsonToken.VALUE_STRING)) {
                // a number of seconds past the range of a long wraps around instead of failing
                throw InvalidFormatException.from(
                        parser, "a date is ISO 8601 text such as 2026-01-01T00:00:00Z", text, Instant.class);
            }
            Instant instant;
            try {
                instant = InstantDeserializer.INSTANT.deserialize(parser, context);
            } catch (DateTimeException | ArithmeticException e) {
                throw InvalidFormatException.from(parser, "not a date: " + e.getMessage(), text, Instant.class);
            }
            if (instant != null && !storable(instant)) {
                throw InvalidFormatException.from(
                        parser,
                        "'" + text + "' is outside the dates that can be stored, 4712 BC to 294275 AD",
                        text,
                        Instant.class);
            }
            return instant;
        }
    }
}
