/**
 * Alert rules over a cell's committed state and their lifecycle as in Prometheus: inactive, pending
 * (for), firing, resolved, with keep-firing-for; fingerprints as Alertmanager computes them.
 */
package io.railscope.alert;
