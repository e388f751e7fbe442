package io.railscope.source.exposition;

/** Stops the servers a test started, in order, whatever fails. */
public final class TestServers {

    private TestServers() {}

    public static void stop(AutoCloseable... servers) {
        for (AutoCloseable server : servers) {
            if (server == null) {
                continue;
            }
            try {
                server.close();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (Exception e) {
                System.err.println("could not stop " + server + ": " + e.getMessage());
            }
        }
    }
}
