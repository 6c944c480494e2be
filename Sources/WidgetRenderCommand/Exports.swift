// `import WidgetRenderCommand` in a `@main` file gives the framework and the argument parser
// a bundle's own options are written with.
@_exported import ArgumentParser
@_exported import WidgetRender
