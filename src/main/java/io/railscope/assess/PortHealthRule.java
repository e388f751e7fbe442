package io.railscope.assess;

import io.railscope.config.RailscopeConfig;
import io.railscope.fabric.PortSymptom;
import io.railscope.model.PortHealth;
import io.railscope.source.PortCounter;
import io.railscope.source.RailPortReading;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * The health rule of a rail port. DOWN when the port is not ACTIVE or its physical link is not
 * LinkUp (an exporter that reports neither, node_exporter before 1.0, or a state that was not readable
 * leaves the port to its counters); DEGRADED when it trained below the expected rate, flapped, or its symbol errors, error
 * rate or transmit wait exceed their thresholds; OK otherwise.
 */
public final class PortHealthRule {

    private static final String[] STATES = {"?", "DOWN", "INIT", "ARMED", "ACTIVE", "ACTIVE_DEFER"};
    private static final String[] PHYSICAL_STATES = {
        "?", "Sleep", "Polling", "Disabled", "PortConfigurationTraining", "LinkUp", "LinkErrorRecovery", "PhyTest"
    };
    private static final PortCounter[] ERROR_COUNTERS = {
        PortCounter.ERRORS_RECEIVED,
        PortCounter.DISCARDS_RECEIVED,
        PortCounter.DISCARDS_TRANSMITTED,
        PortCounter.LOCAL_LINK_INTEGRITY_ERRORS,
        PortCounter.RECEIVE_REMOTE_PHYSICAL_ERRORS,
        PortCounter.EXCESSIVE_BUFFER_OVERRUN_ERRORS,
        PortCounter.RX_ICRC_ENCAPSULATED_ERRORS
    };
    /** Congestion notification packets sent by the receiver and handled by the sender. */
    private static final PortCounter[] CNP_COUNTERS = {PortCounter.NP_CNP_SENT, PortCounter.RP_CNP_HANDLED};
    /** RoCE counters (node_exporter 1.11+) that rise when packets are lost on a lossless fabric. */
    private static final PortCounter[] ROCE_LOSS_COUNTERS = {
        PortCounter.OUT_OF_SEQUENCE_PACKETS, PortCounter.PACKET_SEQUENCE_ERRORS, PortCounter.LOCAL_ACK_TIMEOUT_ERRORS
    };

    private final RailscopeConfig.Thresholds thresholds;
    private final double expectedGbps;

    public PortHealthRule(RailscopeConfig.Thresholds thresholds, double expectedGbps) {
        this.thresholds = thresholds;
        this.expectedGbps = expectedGbps;
    }

    /** Assesses {@code current} against {@code previous} (null on a port's first reading). */
    public PortAssessment assess(RailPortReading current, RailPortReading previous, int rail, double seconds) {
        double rateGbps = current.rateBytesPerSecond() * 8 / 1e9;
        double rx = rate(previous, current, PortCounter.DATA_RECEIVED_BYTES, seconds);
        double tx = rate(previous, current, PortCounter.DATA_TRANSMITTED_BYTES, seconds);
        double symbolsPerHour = rate(previous, current, PortCounter.SYMBOL_ERRORS, seconds) * 3600;
        double errorsPerSecond = sum(previous, current, ERROR_COUNTERS, seconds);
        double roceLoss = sum(previous, current, ROCE_LOSS_COUNTERS, seconds);
        double cnp = sum(previous, current, CNP_COUNTERS, seconds);
        double ecn = rate(previous, current, PortCounter.NP_ECN_MARKED, seconds);
        // microseconds paused per second, as a share of the time; several priorities may overlap: capped at all of it
        double paused = Math.min(1, rate(previous, current, PortCounter.PFC_RX_PAUSE_DURATION, seconds) / 1e6);
        double cnpIgnored = rate(previous, current, PortCounter.RP_CNP_IGNORED, seconds);
        // at most what an integer column holds: beyond that, a count of flaps says nothing more
        long flaps = previous == null
                ? 0
                : Math.min(
                        Integer.MAX_VALUE,
                        CounterRate.increase(
                                previous.counter(PortCounter.LINK_DOWNED), current.counter(PortCounter.LINK_DOWNED)));
        double waitTicks = rate(previous, current, PortCounter.TRANSMIT_WAIT, seconds);
        double congestion = current.rateBytesPerSecond() >= 1
                ? waitTicks * thresholds.bytesPerXmitWaitTick() / current.rateBytesPerSecond()
                : Double.NaN;

        PortHealth health;
        List<String> reasons = new ArrayList<>();
        boolean unreadable = current.stateUnreadable();
        boolean stateReported = !unreadable && (current.stateId() != 0 || current.physicalStateId() != 0);
        if (stateReported && (!isActive(current.stateId()) || current.physicalStateId() != 5)) {
            health = PortHealth.DOWN;
            reasons.add("state " + name(STATES, current.stateId()) + ", physical state "
                    + name(PHYSICAL_STATES, current.physicalStateId()));
        } else {
            if (unreadable) {
                reasons.add("the port state was not readable (state " + name(STATES, current.stateId())
                        + ", physical state " + name(PHYSICAL_STATES, current.physicalStateId())
                        + "): judged by its counters only");
            } else if (!stateReported) {
                reasons.add(
                        "the exporter reports no port state or rate (node_exporter before 1.0): judged by its counters only");
            }
            if (rateGbps > 0 && rateGbps < expectedGbps) {
                reasons.add(String.format("trained at %.0f Gb/s, expected %.0f", rateGbps, expectedGbps));
            }
            if (flaps > 0) {
                reasons.add(
                        "link went down " + flaps + (flaps == 1 ? " time" : " times") + " since the last collection");
            }
            if (symbolsPerHour > thresholds.symbolErrorsPerHour()) {
                reasons.add(String.format(
                        "%.0f symbol errors/h (limit %.0f)", symbolsPerHour, thresholds.symbolErrorsPerHour()));
            }
            if (errorsPerSecond > thresholds.errorsPerSecond()) {
                reasons.add(String.format("%.1f errors/s (limit %.1f)", errorsPerSecond, thresholds.errorsPerSecond()));
            }
            if (roceLoss > thresholds.roceLossPerSecond()) {
                reasons.add(String.format(
                        "RoCE loss: %.1f packets/s out of sequence, sequence errors or ACK timeouts (limit %.1f)",
                        roceLoss, thresholds.roceLossPerSecond()));
            }
            if (congestion > thresholds.congestionRatio()) {
                reasons.add(String.format("waited to transmit %.0f%% of the time", congestion * 100));
            }
            if (paused > thresholds.pfcPauseRatio()) {
                reasons.add(String.format(
                        "paused by PFC %.1f%% of the time (limit %.1f%%)",
                        paused * 100, thresholds.pfcPauseRatio() * 100));
            }
            if (cnpIgnored > 0) {
                reasons.add(String.format(
                        "%.1f CNPs/s ignored: RoCE congestion control is off for this port (check ECN on the adapter)",
                        cnpIgnored));
            }
            health = reasons.size() == (stateReported ? 0 : 1) ? PortHealth.OK : PortHealth.DEGRADED;
        }
        return new PortAssessment(
                current.node(),
                rail,
                current.device(),
                current.port(),
                current.stateId(),
                current.physicalStateId(),
                rateGbps,
                rx,
                tx,
                symbolsPerHour,
                errorsPerSecond,
                flaps,
                congestion,
                health,
                reasons.isEmpty() ? null : String.join("; ", reasons),
                cnp,
                ecn,
                paused,
                cnpIgnored);
    }

    /**
     * What is wrong with a port this rule assessed, by the same limits; empty when it is OK. A port kept DEGRADED from
     * an earlier verdict (its rates not yet readable again) shows what it showed then.
     */
    public Set<PortSymptom> symptoms(PortAssessment port) {
        if (port.health() == PortHealth.OK) {
            return Set.of();
        }
        if (port.health() == PortHealth.DOWN) {
            return EnumSet.of(PortSymptom.DOWN);
        }
        EnumSet<PortSymptom> symptoms = EnumSet.noneOf(PortSymptom.class);
        if (port.rateGbps() > 0 && port.rateGbps() < expectedGbps) {
            symptoms.add(PortSymptom.RATE_LOW);
        }
        if (port.linkDownedIncrease() > 0) {
            symptoms.add(PortSymptom.FLAPPING);
        }
        if (port.symbolErrorsPerHour() > thresholds.symbolErrorsPerHour()
                || port.errorsPerSecond() > thresholds.errorsPerSecond()) {
            symptoms.add(PortSymptom.ERRORS);
        }
        if (port.congestionRatio() > thresholds.congestionRatio()) {
            symptoms.add(PortSymptom.TRANSMIT_WAIT);
        }
        if (port.pfcPauseRatio() > thresholds.pfcPauseRatio()) {
            symptoms.add(PortSymptom.PFC_PAUSED);
        }
        if (port.cnpIgnoredPerSecond() > 0) {
            symptoms.add(PortSymptom.CNP_IGNORED);
        }
        if (symptoms.isEmpty()) {
            symptoms.add(PortSymptom.OTHER);
        }
        return symptoms;
    }

    /** The summed per-second rate of the counters the port has; NaN on a first reading or when it has none of them. */
    private static double sum(
            RailPortReading previous, RailPortReading current, PortCounter[] counters, double seconds) {
        if (previous == null) {
            return Double.NaN;
        }
        double total = 0;
        boolean any = false;
        for (PortCounter counter : counters) {
            double rate = rate(previous, current, counter, seconds);
            if (!Double.isNaN(rate)) {
                total += rate;
                any = true;
            }
        }
        return any ? total : Double.NaN;
    }

    private static boolean isActive(int stateId) {
        return stateId == 4 || stateId == 5;
    }

    private static double rate(RailPortReading previous, RailPortReading current, PortCounter counter, double seconds) {
        return previous == null
                ? Double.NaN
                : CounterRate.perSecond(previous.counter(counter), current.counter(counter), seconds);
    }

    private static String name(String[] names, int id) {
        if (id == RailPortReading.UNKNOWN_STATE) {
            return "unknown";
        }
        return id > 0 && id < names.length ? names[id] : "unknown (" + id + ")";
    }
}
