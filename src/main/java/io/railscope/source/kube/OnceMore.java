package io.railscope.source.kube;

import io.fabric8.kubernetes.client.KubernetesClientException;
import java.io.IOException;

/**
 * A read of the API server that failed below HTTP, with no status (a pooled connection the server closed as it was
 * reused), asked once more at once: it only reads. An answer with a status (404, 403, 500) is the server's and stands.
 */
final class OnceMore {

    /** A read that may fail on the wire ({@code E}, an {@link IOException} for streams) or with the client's exception. */
    interface Read<T, E extends Exception> {
        T get() throws E;
    }

    private OnceMore() {}

    static <T, E extends Exception> T belowHttp(Read<T, E> read) throws E {
        try {
            return read.get();
        } catch (KubernetesClientException e) {
            if (e.getCode() > 0) {
                throw e;
            }
        } catch (RuntimeException e) {
            // the transport's own exception: below HTTP too
        } catch (Exception e) {
            if (!(e instanceof IOException)) {
                throw e;
            }
        }
        return read.get();
    }
}
