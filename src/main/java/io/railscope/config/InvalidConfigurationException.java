package io.railscope.config;

/** A configuration that parses but cannot run; the message names the offending key. */
public class InvalidConfigurationException extends RuntimeException {

    public InvalidConfigurationException(String message) {
        super(message);
    }
}
