package io.railscope;

import io.quarkus.test.junit.QuarkusTestProfile;
import io.railscope.notify.AlertmanagerResource;
import io.railscope.ops.DatabaseBehindProxy;
import io.railscope.source.exposition.ExporterCellResource;
import io.railscope.source.exposition.QueryCellResource;
import io.railscope.source.kube.MockCellResource;
import java.util.List;

/**
 * The test fleet plus real peers, started once for every test that needs one: configured cells read from
 * mock Kubernetes APIs (kube-a), real node_exporters (kube-b, kube-v, kube-s) and a real Prometheus (kube-q),
 * a real Alertmanager with Railscope's own webhook receivers, and the database behind a relay a test can cut.
 * One Quarkus start serves them all; each test collects the cells it reads itself.
 */
public class PeersProfile implements QuarkusTestProfile {

    @Override
    public List<TestResourceEntry> testResources() {
        return List.of(new TestResourceEntry(DatabaseBehindProxy.class), new TestResourceEntry(AlertmanagerResource.class),
                new TestResourceEntry(MockCellResource.class), new TestResourceEntry(ExporterCellResource.class),
                new TestResourceEntry(QueryCellResource.class));
    }
}
