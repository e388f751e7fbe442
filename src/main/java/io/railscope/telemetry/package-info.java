/** Railscope's own metrics, in a registry it owns (served at /metrics). */
package io.railscope.telemetry;
