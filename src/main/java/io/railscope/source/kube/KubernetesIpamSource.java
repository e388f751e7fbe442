package io.railscope.source.kube;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.railscope.config.AuditSettings;
import io.railscope.config.IpamSettings;
import io.railscope.source.KubernetesSnapshot;
import io.railscope.source.KubernetesSource;
import io.railscope.source.ipam.IpamDerivation;
import io.railscope.source.ipam.RailMapping;
import java.time.Clock;

/** A real cell's Kubernetes source: its objects read through the API, its IPAM derived from them. */
public final class KubernetesIpamSource implements KubernetesSource, AutoCloseable {

    private final KubernetesClient client;
    private final ClusterObjectReader reader;
    private final IpamDerivation derivation;
    private final String where;

    public KubernetesIpamSource(
            KubernetesClient client, IpamSettings ipam, AuditSettings audit, int rails, Clock clock) {
        this(client, ipam, audit, rails, clock, client.getMasterUrl().toString());
    }

    /** A source whose errors name the server and how it is reached as {@code where} says (never a credential). */
    public KubernetesIpamSource(
            KubernetesClient client, IpamSettings ipam, AuditSettings audit, int rails, Clock clock, String where) {
        this.client = client;
        this.where = where;
        this.reader = new ClusterObjectReader(client, ipam, audit, clock);
        this.derivation = new IpamDerivation(RailMapping.of(rails, ipam), ipam.stuckAfter());
    }

    @Override
    public KubernetesSnapshot fetchKubernetes() {
        try {
            return derivation.derive(reader.read());
        } catch (KubernetesClientException e) {
            throw KubernetesErrors.inWords(e, where);
        }
    }

    @Override
    public void idle() {
        reader.close();
    }

    @Override
    public void close() {
        reader.close();
        client.close();
    }
}
