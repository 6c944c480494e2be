import Foundation
import Testing
import WidgetCore

/// A compact, comparable rendering of a node tree, written for the tests
/// (ViewNode is not Equatable): `V[Text(a), H[Spacer, Text(b)]]`.
func describe(_ node: ViewNode) -> String { node.treeDescription }

@ViewBuilder func choose(_ flag: Bool) -> ViewNode {
    if flag {
        Text("yes")
    } else {
        Text("no")
        Text("really no")
    }
}

@ViewBuilder func optional(_ flag: Bool) -> ViewNode {
    if flag {
        Text("shown")
    }
}

@ViewBuilder func byFamily(_ family: WidgetFamily) -> ViewNode {
    switch family {
    case .systemSmall: Text("small")
    case .systemMedium:
        Text("medium")
        Spacer()
    default: Rectangle()
    }
}

@ViewBuilder func single() -> ViewNode {
    Text("alone")
}

@ViewBuilder func nothing() -> ViewNode {}

@Suite("ViewBuilder and ViewNode")
struct ViewBuilderTests {
    // MARK: Building stacks

    @Test("a stack flattens groups and drops empty children")
    func stackFlattens() {
        let hidden = false
        let node = VStack {
            Text("a")
            if hidden { Text("hidden") }
            for index in 0..<3 { Text("\(index)") }
            Text("z")
        }.node
        #expect(describe(node) == "V[Text(a), Text(0), Text(1), Text(2), Text(z)]")
    }

    @Test("a loop with several views per pass yields them in order")
    func loopWithSeveralViews() {
        let node = HStack {
            for index in 0..<2 {
                Text("x\(index)")
                Text("y\(index)")
            }
        }.node
        #expect(describe(node) == "H[Text(x0), Text(y0), Text(x1), Text(y1)]")
    }

    @Test("an empty loop and an empty block give a stack with no children")
    func emptyContent() {
        let count = 0
        #expect(describe(VStack { for index in 0..<count { Text("\(index)") } }.node) == "V[]")
        #expect(describe(ZStack {}.node) == "Z[]")
        #expect(describe(nothing()) == "empty")
    }

    @Test("nested stacks are children, not flattened into their parent")
    func nestedStacksStay() {
        let node = VStack {
            Text("a")
            HStack {
                Text("b")
                Text("c")
            }
        }.node
        #expect(describe(node) == "V[Text(a), H[Text(b), Text(c)]]")
    }

    @Test("if/else picks one branch")
    func ifElse() {
        #expect(describe(choose(true)) == "Text(yes)")
        #expect(describe(choose(false)) == "Group[Text(no), Text(really no)]")
        #expect(describe(VStack { choose(false) }.node) == "V[Text(no), Text(really no)]")
        #expect(describe(VStack { choose(true) }.node) == "V[Text(yes)]")
    }

    @Test("an if without else is empty when false")
    func optionalBranch() {
        #expect(describe(optional(true)) == "Text(shown)")
        #expect(describe(optional(false)) == "empty")
        #expect(describe(VStack { optional(false) }.node) == "V[]")
    }

    @Test("switch works in a builder")
    func switchStatement() {
        #expect(describe(byFamily(.systemSmall)) == "Text(small)")
        #expect(describe(byFamily(.systemMedium)) == "Group[Text(medium), Spacer]")
        #expect(describe(byFamily(.systemLarge)) == "Shape")
    }

    @Test("a single view is not wrapped in a group")
    func singleView() {
        #expect(describe(single()) == "Text(alone)")
    }

    @Test("stacks record their axis, alignment and spacing")
    func stackSpecs() {
        let vNode = VStack(alignment: .leading, spacing: 4) { Text("a") }.node
        guard case .primitive(let behavior, _) = vNode.kind, let v = behavior as? StackSpec else {
            Issue.record("VStack is not a stack")
            return
        }
        #expect(v.axis == .vertical)
        #expect(v.alignment.horizontal == .leading)
        #expect(v.spacing == 4)

        let hNode = HStack(alignment: .bottom) { Text("a") }.node
        guard case .primitive(let behavior, _) = hNode.kind, let h = behavior as? StackSpec else {
            Issue.record("HStack is not a stack")
            return
        }
        #expect(h.axis == .horizontal)
        #expect(h.alignment.vertical == .bottom)
        #expect(h.spacing == nil)

        let zNode = ZStack(alignment: .topTrailing) { Text("a") }.node
        guard case .primitive(let behavior, _) = zNode.kind, let z = behavior as? StackSpec else {
            Issue.record("ZStack is not a stack")
            return
        }
        #expect(z.axis == .depth)
        #expect(z.alignment == .topTrailing)
    }

    // MARK: widgetURL

    let deep = URL(fileURLWithPath: "/deep")
    let shallow = URL(fileURLWithPath: "/shallow")
    let outer = URL(fileURLWithPath: "/outer")

    @Test("widgetURL is found depth-first: a deep URL in an earlier child beats a shallow one in a later child")
    func widgetURLDepthFirst() {
        let node = VStack {
            VStack {
                HStack { Text("a").widgetURL(deep) }
            }
            Text("b").widgetURL(shallow)
        }.node
        #expect(node.widgetURL == deep)
    }

    @Test("the outermost widgetURL wins over one inside it")
    func widgetURLOuterFirst() {
        let node = VStack { Text("a").widgetURL(deep) }.widgetURL(outer)
        #expect(node.widgetURL == outer)
    }

    @Test("widgetURL is found through modifiers")
    func widgetURLThroughModifiers() {
        let url = deep
        let wrapped: [ViewNode] = [
            Text("a").widgetURL(url).padding(),
            Text("a").widgetURL(url).frame(width: 10),
            Text("a").widgetURL(url).font(.title),
            Text("a").widgetURL(url).background(.red),
            Text("a").widgetURL(url).overlay { Text("o") },
            Text("a").widgetURL(url).containerBackground(.red),
            ZStack { Text("a").widgetURL(url) }.node,
        ]
        for node in wrapped {
            #expect(node.widgetURL == url, "\(describe(node))")
        }
    }

    @Test("content's widgetURL is preferred to its background's; the background's is used when content has none")
    func widgetURLBackground() {
        let both = Text("a").widgetURL(shallow).background { Text("bg").widgetURL(deep) }
        #expect(both.widgetURL == shallow)
        let backgroundOnly = Text("a").background { Text("bg").widgetURL(deep) }
        #expect(backgroundOnly.widgetURL == deep)
        let containerOnly = Text("a").containerBackground { Text("bg").widgetURL(deep) }
        #expect(containerOnly.widgetURL == deep)
    }

    @Test("no widgetURL gives nil; widgetURL(nil) adds nothing")
    func widgetURLNone() {
        let node = VStack {
            Text("a").padding()
            HStack { Spacer() }
        }.node
        #expect(node.widgetURL == nil)
        let unchanged = Text("a").widgetURL(nil)
        #expect(describe(unchanged) == "Text(a)")
        #expect(unchanged.widgetURL == nil)
    }

    // MARK: containerBackgroundSplit

    @Test("containerBackgroundSplit separates background and content")
    func splitPlain() throws {
        let split = Text("a").containerBackground(.red).containerBackgroundSplit
        let background = try #require(split.background)
        #expect(describe(background) == "Shape")
        #expect(describe(split.content) == "Text(a)")
    }

    @Test("containerBackgroundSplit sees through environment changes, applying them to both parts")
    func splitThroughEnvironment() throws {
        let node = Text("a").containerBackground { RoundedRectangle(cornerRadius: 4) }.font(.title).foregroundStyle(
            .green)
        let split = node.containerBackgroundSplit
        let background = try #require(split.background)
        #expect(describe(background) == "Env[foreground](Env[font](Shape))")
        #expect(describe(split.content) == "Env[foreground](Env[font](Text(a)))")
    }

    @Test("containerBackgroundSplit sees through widgetURL, keeping the URL on the content")
    func splitThroughWidgetURL() throws {
        let split = Text("a").containerBackground(.red).widgetURL(outer).containerBackgroundSplit
        let background = try #require(split.background)
        #expect(describe(background) == "Shape")
        #expect(background.widgetURL == nil)
        #expect(describe(split.content) == "URL(file:///outer; Text(a))")
        #expect(split.content.widgetURL == outer)
    }

    @Test("containerBackground and widgetURL work in either order")
    func splitEitherOrder() throws {
        let urlInside = Text("a").widgetURL(outer).containerBackground(.red).containerBackgroundSplit
        let urlOutside = Text("a").containerBackground(.red).widgetURL(outer).containerBackgroundSplit
        #expect(urlInside.background.map(describe) == "Shape")
        #expect(urlOutside.background.map(describe) == "Shape")
        #expect(urlInside.content.widgetURL == outer)
        #expect(urlOutside.content.widgetURL == outer)
    }

    @Test("containerBackgroundSplit sees through a mix of environment and widgetURL")
    func splitMixed() throws {
        let node = VStack { Text("a") }.containerBackground(.red).widgetURL(outer).lineLimit(1)
        let split = node.containerBackgroundSplit
        #expect(split.background.map(describe) == "Env[lineLimit](Shape)")
        #expect(describe(split.content) == "Env[lineLimit](URL(file:///outer; V[Text(a)]))")
    }

    @Test("without a container background the whole node is content")
    func splitNone() {
        let split = Text("a").font(.title).widgetURL(outer).containerBackgroundSplit
        #expect(split.background == nil)
        #expect(describe(split.content) == "URL(file:///outer; Env[font](Text(a)))")
    }

    @Test("modifiers that change placement hide the container background")
    func splitStopsAtPadding() {
        let split = Text("a").containerBackground(.red).padding().containerBackgroundSplit
        #expect(split.background == nil)
        #expect(describe(split.content) == "Padding(ContainerBackground(Shape; Text(a)))")
    }
}
